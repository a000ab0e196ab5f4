export { writeBundle, type BundleInput } from './bundle-writer.js';
export { detectFormat, type InputFormat } from './detect-format.js';
export { ConvertInputError, InvalidBundleRecordError, UnrecognisedInputError, type SkippedRecord } from './errors.js';
export { convertNezha, nezhaBundleName, type ConvertNezhaOptions, type ConvertNezhaResult, type NezhaProgress } from './nezha/convert.js';
export { NEZHA_SYSTEMS, type NezhaSystem } from './nezha/system.js';
export { formatWarning, type ConversionWarning } from './warnings.js';
export { convertItbenchLite, type ItbenchResult } from './itbench/convert.js';
export { parsePythonLiteral, PythonLiteralError, type PyValue } from './itbench/py-literal.js';
export { convertCapture, type CaptureInputs, type CaptureOptions, type CaptureResult } from './capture/convert.js';

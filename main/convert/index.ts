export { writeBundle, type BundleInput } from './bundle-writer.js';
export { detectFormat, type InputFormat } from './detect-format.js';
export { ConvertInputError, InvalidBundleRecordError, UnrecognisedInputError, type SkippedRecord } from './errors.js';
export { convertNezha, nezhaBundleName, type ConvertNezhaOptions, type NezhaProgress } from './nezha/convert.js';
export { convertItbenchLite, type ItbenchResult } from './itbench/convert.js';
export { parsePythonLiteral, PythonLiteralError, type PyValue } from './itbench/py-literal.js';

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What a code_error plan's error log says about the fault: the class, the dereferenced type and the line. */
interface CodeFault {
  service: string;
  cls: string;
  type: string;
  line: number;
}

function parseFault(service: string, errorLog: string): CodeFault | null {
  const frame = /at (\w+)\.handle\(\w+\.java:(\d+)\)/.exec(errorLog);
  const type = /Cannot invoke "(\w+)\.getId\(\)"/.exec(errorLog);
  if (frame === null || type === null) return null;
  return { service, cls: frame[1] as string, type: type[1] as string, line: Number(frame[2]) };
}

/** A small, plausible Java handler whose `handle` dereferences a lookup that can be null at exactly `line`. */
function handlerSource(f: CodeFault): string {
  const head = [
    'package shop;',
    '',
    'import java.util.logging.Logger;',
    '',
    `public class ${f.cls} {`,
    `  private static final Logger logger = Logger.getLogger("${f.service}");`,
    `  private final ${f.type}Repository repository;`,
    '',
    `  public ${f.cls}(${f.type}Repository repository) {`,
    '    this.repository = repository;',
    '  }',
    '',
  ];
  const tail = [
    '  public Response handle(Request request) {',
    '    if (request.id() == null) {',
    '      logger.warning("request without id rejected");',
    '      return Response.badRequest("missing id");',
    '    }',
    `    ${f.type} ${f.type.toLowerCase()} = repository.find(request.id());`,
    `    return Response.ok(${f.type.toLowerCase()}.getId());`,
    '  }',
    '}',
  ];
  // Helpers fill the lines before `handle`, so its dereference lands on the line the stack frame names.
  const body: string[] = [];
  let n = 0;
  while (head.length + body.length + tail.length - 2 < f.line) {
    const helper = [
      `  private String describe${n}(${f.type} value) {`,
      `    return "${f.type.toLowerCase()} " + value + " #${n}";`,
      '  }',
      '',
    ];
    if (head.length + body.length + helper.length + tail.length - 2 > f.line) {
      body.push('');
      continue;
    }
    body.push(...helper);
    n++;
  }
  return [...head, ...body, ...tail, ''].join('\n');
}

/** The handler class name of a service, as the generator's stack frames name it (`cart-api2` → `CartApiHandler`). */
function handlerClass(service: string): string {
  return `${service.replace(/(^|-)(\w)/g, (_m, _d: string, c: string) => c.toUpperCase()).replace(/\d+$/, '')}Handler`;
}

/** A line for a service's handler that depends only on its name, so no service's source stands out. */
function lineFor(service: string): number {
  let h = 0;
  for (const c of service) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return 80 + (h % 320);
}

/**
 * For a code_error incident: every service's source (`code/<service>/`, one handler each, alike)
 * and `code.json` mapping each service to it, so the code layer can drill from the Origin to
 * the function at fault. Only the failing service's handler has the dereference at the line its
 * stack frames name; nothing outside ground_truth.yaml names the root cause. False when the
 * plan's error log is not a code fault.
 */
export function writeCodeFaultSource(bundleDir: string, services: readonly string[], failing: string, errorLog: string): boolean {
  const fault = parseFault(failing, errorLog);
  if (fault === null) return false;
  const entries: { entity: string; root: string }[] = [];
  for (const service of services) {
    const f = service === failing ? fault : { service, cls: handlerClass(service), type: 'Item', line: lineFor(service) };
    const root = `code/${service}`;
    const dir = join(bundleDir, root, 'src', 'main', 'java', 'shop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${f.cls}.java`), handlerSource(f));
    entries.push({ entity: service, root });
  }
  writeFileSync(join(bundleDir, 'code.json'), `${JSON.stringify({ version: 1, services: entries }, null, 2)}\n`);
  return true;
}

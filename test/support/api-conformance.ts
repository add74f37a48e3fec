/**
 * Checks answers against the OpenAPI document the service publishes: the status must be one the
 * operation documents, and a JSON body must match the documented schema. The HTTP test harness
 * runs every answer through it, so each HTTP test is also a test of the document.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenApiDocument } from '../../src/adapters/http/openapi/openapi-document.js';

const DOCUMENT_ID = 'urn:vitrine:openapi';
// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

interface Operation {
  readonly method: string;
  readonly template: string;
  readonly pattern: RegExp;
  readonly params: number;
}

export interface Answer {
  readonly method: string;
  /** The request path, query string included. */
  readonly path: string;
  readonly status: number;
  readonly contentType: string | null;
  readonly json: unknown;
}

export class ApiConformance {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly operations: Operation[] = [];

  constructor(private readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    this.ajv.addSchema(document as object, DOCUMENT_ID);
    for (const [template, methods] of Object.entries(document.paths)) {
      // The router ignores one trailing slash, so the check does too.
      const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}/?$`);
      const params = template.split('{').length - 1;
      for (const method of Object.keys(methods))
        this.operations.push({ method: method.toUpperCase(), template, pattern, params });
    }
    // Literal segments win over parameters, as in the router (`/slices/ai` before `/slices/{sliceId}`).
    this.operations.sort((a, b) => a.params - b.params);
  }

  /** What is wrong with this answer, or undefined when the document describes it. */
  problemWith(answer: Answer): string | undefined {
    const path = answer.path.split('?')[0] ?? '';
    const method = answer.method === 'HEAD' ? 'GET' : answer.method;
    const operation = this.operations.find((o) => o.method === method && o.pattern.test(path));
    if (operation === undefined) {
      const known = this.operations.some((o) => o.pattern.test(path));
      if (answer.method === 'OPTIONS' && known) return undefined;
      const expected = known ? { status: 405, code: 'METHOD_NOT_ALLOWED' } : { status: 404, code: 'ROUTE_NOT_FOUND' };
      const code = (answer.json as { code?: unknown } | undefined)?.code;
      return answer.status === expected.status && code === expected.code
        ? undefined
        : `no documented operation, yet the answer is ${answer.status} ${String(code)}`;
    }
    const pointer = `#/paths/${pointerSegment(operation.template)}/${method.toLowerCase()}/responses/${answer.status}`;
    let response = this.resolve(pointer);
    if (response === undefined) return `status ${answer.status} is not documented for ${method} ${operation.template}`;
    let responsePointer = pointer;
    const reference = (response as { $ref?: string }).$ref;
    if (reference !== undefined) {
      responsePointer = reference;
      response = this.resolve(reference);
    }
    const content = (response as { content?: Record<string, unknown> }).content;
    if (content === undefined)
      return answer.json === undefined ? undefined : `status ${answer.status} is documented without a body`;
    const mediaType = (answer.contentType ?? '').split(';')[0]?.trim() ?? '';
    if (!(mediaType in content)) return `answered ${mediaType || 'no body'}; documented: ${Object.keys(content).join(', ')}`;
    if (!mediaType.endsWith('json')) return undefined;
    const validate = this.ajv.getSchema(`${DOCUMENT_ID}${responsePointer}/content/${pointerSegment(mediaType)}/schema`);
    if (validate === undefined) return `no schema for ${mediaType}`;
    if (validate(answer.json)) return undefined;
    return `the body does not match the documented schema: ${this.ajv.errorsText(validate.errors)}`;
  }

  /** What is wrong with a value as the schema at `pointer` (a JSON pointer into the document, `#/...`) describes it, or undefined. */
  problemWithValue(pointer: string, value: unknown): string | undefined {
    const validate = this.ajv.getSchema(`${DOCUMENT_ID}${pointer}`);
    if (validate === undefined) return `no schema at ${pointer}`;
    return validate(value) ? undefined : this.ajv.errorsText(validate.errors);
  }

  private resolve(pointer: string): unknown {
    let node: unknown = this.document;
    for (const part of pointer.replace(/^#\//, '').split('/')) {
      node = (node as Record<string, unknown> | undefined)?.[part.replaceAll('~1', '/').replaceAll('~0', '~')];
    }
    return node;
  }
}

/** A JSON pointer segment: `~` and `/` escaped. */
export function pointerSegment(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

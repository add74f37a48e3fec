import { readFileSync } from 'node:fs';
import { toJsonSchema, toJsonSchemaDefs, type ConversionConfig, type JsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { TOKEN_HEADER } from '../pipeline/admission.js';
import { PROBLEM_TABLE, problemBody, type ProblemCode } from '../pipeline/problems.js';
import { REQUEST_ID_HEADER } from '../pipeline/request-id.js';
import {
  problemsOf,
  type BodySpec,
  type ResponseHeader,
  type RouteGroup,
  type RouteSpec,
  type RouteTag,
} from '../pipeline/route-spec.js';
import { ANY_SCOPE } from '../pipeline/admission.js';
import { Instant, JSON_TEXT_CONTENT, PositiveId, ProblemResponse } from '../shared/common-schemas.js';

/** Every answer may carry these; the `components/headers` entries they name. */
const HEADERS: Readonly<
  Record<ResponseHeader | 'X-Request-Id' | 'Retry-After' | 'RateLimit' | 'RateLimit-Policy' | 'WWW-Authenticate', object>
> = {
  'X-Request-Id': {
    description:
      'The request id: the one the client sent (when it is a sensible id) or a new one. Every log line of the request carries it.',
    schema: { type: 'string' },
  },
  ETag: {
    description: 'The entity tag: send it back in If-Match (writes) or If-None-Match (reads).',
    schema: { type: 'string' },
  },
  Location: { description: 'Where the created resource is.', schema: { type: 'string' } },
  'Cache-Control': { description: 'How long a client may reuse the answer.', schema: { type: 'string' } },
  'X-Recommendation-Id': {
    description:
      'The id of this similar-products answer (up to 1,100 characters): send it back as `recommendationId` in a `recommendation_click` event when a shopper clicks one of its products.',
    schema: { type: 'string', maxLength: 1100 },
  },
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 0 } },
  'WWW-Authenticate': {
    description: 'Where the token goes: `ApiKey realm="vitrine", header="X-Service-APP-Token"`.',
    schema: { type: 'string' },
  },
  RateLimit: {
    description: 'What is left of the quota: `"<policy>";r=<remaining>;t=<seconds until the window resets>`.',
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description: 'The quota that applies: `"<policy>";q=<requests>;w=<window in seconds>`.',
    schema: { type: 'string' },
  },
};

const SPREADSHEET_BODY = {
  required: true,
  description:
    'The spreadsheet (CSV in UTF-8 with `,`, `;` or tab separators, or the first sheet of an .xlsx), at most 5 MB. ' +
    'A header row is required: row 1 names the columns, one of them `productId` (and optionally `position`); ' +
    'then one product per row. Blank rows are skipped; bad rows are reported by their row number (the header is row 1).',
  content: {
    'text/csv': { schema: { type: 'string' } },
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
      schema: { type: 'string', contentMediaType: 'application/octet-stream' },
    },
  },
};

export interface OpenApiDocument {
  readonly openapi: string;
  readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly [member: string]: unknown;
}

/**
 * The OpenAPI 3.1 description of the routes, generated from their specs: paths and methods as the
 * router mounts them, parameters and bodies from the schemas the pipeline validates with, every
 * success answer, and every problem the route may answer grouped by status. The schemas the groups
 * name are listed under `components/schemas`, in the groups' order.
 */
export function openApiDocument(groups: readonly RouteGroup[]): OpenApiDocument {
  const named: Record<string, v.GenericSchema> = {};
  for (const group of groups) Object.assign(named, group.schemas);
  named.Problem = ProblemResponse;
  const convert = schemaConverter(named);
  const referenced = new Set<ProblemCode>();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { tag, routes } of groups) {
    for (const spec of routes) {
      const path = spec.path.replace(/:(\w+)/g, '{$1}');
      (paths[path] ??= {})[spec.method.toLowerCase()] = operation(spec, tag, convert, referenced);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Vitrine',
      version: serviceVersion(),
      description:
        'Retail personalisation and merchandising: customer profiles, similar products and time-boxed merchandising collections. Every error is an RFC 9457 problem (`application/problem+json`) with a stable `code`.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    // Relative: the operations are on the service that serves this document, wherever it runs.
    servers: [{ url: '/', description: 'The service this document is served by.' }],
    tags: tagsOf(groups),
    paths,
    components: {
      schemas: withProblemCodes(convert.components()),
      responses: problemComponents(referenced),
      examples: problemExamples(groups),
      headers: Object.fromEntries(Object.entries(HEADERS).map(([name, header]) => [headerComponent(name), header])),
      securitySchemes: {
        appToken: {
          type: 'apiKey',
          in: 'header',
          name: TOKEN_HEADER,
          description: 'An application token. Each operation names the scope it needs.',
        },
      },
    },
  };
}

/**
 * The tags the groups name, each once, in the order they first come (the features' order). Two
 * groups may share a tag, declared once by their feature; two tags of one name are a mistake.
 */
function tagsOf(groups: readonly RouteGroup[]): RouteTag[] {
  const tags = new Map<string, RouteTag>();
  for (const { tag } of groups) {
    const known = tags.get(tag.name);
    if (known === undefined) tags.set(tag.name, { name: tag.name, description: tag.description });
    else if (known.description !== tag.description) {
      throw new Error(`Two route groups declare the tag ${tag.name} with different descriptions: declare it once and share it.`);
    }
  }
  return [...tags.values()];
}

function operation(spec: RouteSpec, tag: RouteTag, convert: Converter, referenced: Set<ProblemCode>): Record<string, unknown> {
  const scopeNote =
    spec.scope === undefined
      ? 'No token needed.'
      : spec.scope === ANY_SCOPE
        ? 'Needs a token, with any scopes.'
        : `Needs a token with the \`${spec.scope}\` scope${spec.scopeOf ? ' (see above for when another)' : ''}.`;
  return {
    operationId: spec.operationId,
    tags: [tag.name],
    summary: spec.summary,
    description: [spec.description, scopeNote].filter(Boolean).join('\n\n'),
    ...(spec.scope === undefined
      ? { security: [] }
      : { security: [{ appToken: [] }], ...(spec.scope === ANY_SCOPE ? {} : { 'x-required-scope': spec.scope }) }),
    parameters: [
      ...parametersOf(spec.params, 'path', spec.examples.params, convert),
      ...parametersOf(spec.query, 'query', spec.examples.query, convert),
      ...headerParameters(spec),
    ],
    ...(spec.body === undefined ? {} : { requestBody: requestBodyOf(spec.body, spec.examples.body, convert, spec.fromBrowsers) }),
    responses: responsesOf(spec, convert, referenced),
  };
}

/** The request headers a route reads: its preconditions, and the request id every route takes. */
function headerParameters(spec: RouteSpec): object[] {
  return [
    ...(spec.precondition === undefined
      ? []
      : [
          {
            name: 'If-Match',
            in: 'header',
            required: false,
            description: 'The ETag of the version this change is based on: a newer stored version makes it 412.',
            schema: { type: 'string' },
          },
        ]),
    ...(spec.conditional !== true
      ? []
      : [
          {
            name: 'If-None-Match',
            in: 'header',
            required: false,
            description: 'The ETag of the copy the client holds: 304 when it is still current.',
            schema: { type: 'string' },
          },
        ]),
    {
      name: REQUEST_ID_HEADER,
      in: 'header',
      required: false,
      description: 'An id for this request (letters, digits and `-_.:`, up to 128), echoed back and logged.',
      schema: { type: 'string', maxLength: 128 },
    },
  ];
}

/** A JSON body with its schema, or the spreadsheet upload (its CSV form being the one a text example can show). */
function requestBodyOf(body: BodySpec<unknown>, example: unknown, convert: Converter, fromBrowsers = false): object {
  const exampled = example === undefined ? {} : { example };
  if (body.media === 'json' && body.schema !== undefined) {
    const json = { schema: convert.schema(body.schema), ...exampled };
    // What navigator.sendBeacon sends a string as: the same JSON, with no CORS preflight.
    const beacon = fromBrowsers ? { 'text/plain': { schema: { type: 'string', contentMediaType: 'application/json' } } } : {};
    return { required: true, content: { 'application/json': json, ...beacon } };
  }
  const { 'text/csv': csv, ...others } = SPREADSHEET_BODY.content;
  return { ...SPREADSHEET_BODY, content: { 'text/csv': { ...csv, ...exampled }, ...others } };
}

/** The route's answers; `referenced` gathers the problem codes whose shared response component they name. */
function responsesOf(spec: RouteSpec, convert: Converter, referenced: Set<ProblemCode>): Record<string, unknown> {
  const common = spec.scope === undefined ? ['X-Request-Id'] : ['X-Request-Id', 'RateLimit', 'RateLimit-Policy'];
  const responses: Record<string, unknown> = {};
  for (const answer of spec.responses) {
    const example = spec.examples.responses[answer.status];
    const exampled = example === undefined ? {} : { example };
    const content =
      answer.body !== undefined
        ? { content: { 'application/json': { schema: convert.schema(answer.body), ...exampled } } }
        : answer.text !== undefined
          ? { content: { [answer.text]: { schema: { type: 'string' }, ...exampled } } }
          : {};
    responses[String(answer.status)] = {
      description: answer.description,
      headers: headerRefs([...common, ...(answer.headers ?? [])]),
      ...content,
    };
  }
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of problemsOf(spec)) {
    const { status } = PROBLEM_TABLE[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const [only] = codes;
    if (codes.length === 1 && only !== undefined && spec.scope !== undefined) {
      referenced.add(only);
      responses[String(status)] = { $ref: `#/components/responses/${only}` };
    } else responses[String(status)] = problemResponse(codes, common);
  }
  return responses;
}

/**
 * The schemas with the table of problem codes (`ProblemCode`, which `Problem`'s `code` names): each
 * code with its title, when it is answered, and its status (`x-status`).
 */
function withProblemCodes(schemas: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const problem = schemas.Problem as { properties: Record<string, JsonSchema> };
  const codes = (Object.keys(PROBLEM_TABLE) as ProblemCode[]).map((code) => {
    const { status, title, description } = PROBLEM_TABLE[code];
    return { const: code, title, description, 'x-status': status };
  });
  return {
    ...schemas,
    Problem: { ...problem, properties: { ...problem.properties, code: { $ref: '#/components/schemas/ProblemCode' } } },
    ProblemCode: {
      type: 'string',
      description: 'Stable and machine-readable: each code is answered with one status, its `x-status`.',
      oneOf: codes,
    },
  };
}

/**
 * The answer of a route with a token (so with rate-limit headers) that fails with this one code,
 * for the codes some operation names so (an unused component is noise to a reader), in the table's order.
 */
function problemComponents(referenced: ReadonlySet<ProblemCode>): Record<string, unknown> {
  const common = ['X-Request-Id', 'RateLimit', 'RateLimit-Policy'];
  const codes = (Object.keys(PROBLEM_TABLE) as ProblemCode[]).filter((code) => referenced.has(code));
  return Object.fromEntries(codes.map((code) => [code, problemResponse([code], common)]));
}

/** A problem answer of each code some operation may answer, as the service writes it: the examples problem responses name. */
function problemExamples(groups: readonly RouteGroup[]): Record<string, unknown> {
  const answered = new Set(groups.flatMap((group) => group.routes.flatMap(problemsOf)));
  const codes = (Object.keys(PROBLEM_TABLE) as ProblemCode[]).filter((code) => answered.has(code));
  return Object.fromEntries(
    codes.map((code) => {
      const { detail, ...extensions } = PROBLEM_TABLE[code].example;
      return [code, { summary: PROBLEM_TABLE[code].title, value: problemBody(code, detail, extensions) }];
    }),
  );
}

function problemResponse(codes: readonly ProblemCode[], common: readonly string[]): Record<string, unknown> {
  const always = codes.flatMap((code) => Object.keys(PROBLEM_TABLE[code].headers ?? {}));
  const retry = codes.includes('RATE_LIMITED') ? ['Retry-After'] : [];
  return {
    description: codes.map((code) => `\`${code}\`: ${PROBLEM_TABLE[code].title}.`).join(' '),
    headers: headerRefs([...new Set([...common, ...always, ...retry])]),
    content: {
      'application/problem+json': {
        schema: { allOf: [{ $ref: '#/components/schemas/Problem' }, { properties: { code: { enum: codes } } }] },
        examples: Object.fromEntries(codes.map((code) => [code, { $ref: `#/components/examples/${code}` }])),
      },
    },
  };
}

function headerRefs(names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${headerComponent(name)}` }]));
}

/** `Cache-Control` → `CacheControl`: component names are safer without dashes. */
function headerComponent(name: string): string {
  return name.replaceAll('-', '');
}

function parametersOf(
  schema: v.GenericSchema | undefined,
  where: 'path' | 'query',
  examples: Readonly<Record<string, unknown>> | undefined,
  convert: Converter,
): object[] {
  if (schema === undefined) return [];
  return Object.entries(objectEntries(schema)).map(([name, entry]) => {
    const optional = where === 'query' && OPTIONAL_TYPES.has(entry.type);
    const value = optional ? (entry as unknown as { wrapped: v.GenericSchema }).wrapped : entry;
    const example = examples?.[name] === undefined ? {} : { example: examples[name] };
    const content = JSON_TEXT_CONTENT.get(value);
    if (content === undefined) return { name, in: where, required: !optional, schema: convert.schema(asSent(value)), ...example };
    // A JSON text: a string to the client, whose content JSON Schema describes.
    return {
      name,
      in: where,
      required: !optional,
      description: 'A JSON text (URL-encoded in the query string), holding the object described by contentSchema.',
      schema: { type: 'string', contentMediaType: 'application/json', contentSchema: convert.schema(content) },
      ...example,
    };
  });
}

const OPTIONAL_TYPES = new Set(['optional', 'nullish', 'exact_optional', 'undefinedable']);

/**
 * A parameter's schema as the client writes it: the steps of a pipe after its first
 * transformation check what the text became (a cursor's decoded text, not the cursor), so they
 * are left out; unless the pipe's result is what the document says (PIPE_RESULTS: ids, instants).
 */
function asSent(schema: v.GenericSchema): v.GenericSchema {
  const pipe = (schema as { pipe?: readonly { type: string }[] }).pipe;
  if (pipe === undefined || PIPE_RESULTS.has(pipe.at(-1))) return schema;
  const cut = pipe.findIndex((step) => step.type === 'transform' || step.type === 'raw_transform');
  return cut === -1 ? schema : ({ ...schema, pipe: pipe.slice(0, cut) } as v.GenericSchema);
}

/** The entries of an object schema, also when it sits in a pipe (as `jsonObject` puts it). */
function objectEntries(schema: v.GenericSchema): Record<string, v.GenericSchema> {
  const candidates = [schema, ...((schema as { pipe?: unknown[] }).pipe ?? [])] as {
    entries?: Record<string, v.GenericSchema>;
  }[];
  const found = candidates.find((candidate) => candidate.entries !== undefined);
  if (found?.entries === undefined) throw new Error('A route parameter schema must be an object schema.');
  return found.entries;
}

/** What the pipes the API reads its ids and instants with produce, said in JSON Schema. */
const PIPE_RESULTS = new Map<unknown, JsonSchema>([
  [
    Instant.pipe.at(-1),
    {
      type: 'string',
      format: 'date-time',
      description: 'An ISO 8601 instant with an offset (Z or ±hh:mm), such as 2026-11-21T18:04:05.123Z.',
    },
  ],
  [PositiveId.pipe.at(-1), { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }],
]);

interface Converter {
  schema(schema: v.GenericSchema): JsonSchema;
  components(): Record<string, JsonSchema>;
}

/**
 * valibot to JSON Schema (draft 2020-12, OpenAPI 3.1's dialect). Named schemas become references
 * to `components/schemas`; an instant read through `parseInstant` is documented as a date-time;
 * checks JSON Schema cannot say (a custom refinement, a transformation) are left to the text.
 */
function schemaConverter(named: Readonly<Record<string, v.GenericSchema>>): Converter {
  const config: ConversionConfig = {
    target: 'draft-2020-12',
    typeMode: 'ignore',
    errorMode: 'ignore',
    definitions: named,
    overrideRef: ({ referenceId }) => `#/components/schemas/${referenceId}`,
    // A pipe's own schema is never offered for overriding, so the last step of the pipe is.
    overrideAction: ({ valibotAction }) => PIPE_RESULTS.get(valibotAction),
    // An object whose every other field is refused (`jsonObject`) has no additional properties.
    overrideSchema: ({ valibotSchema, jsonSchema }) =>
      valibotSchema.type === 'object_with_rest' && (valibotSchema as { rest?: { type: string } }).rest?.type === 'never'
        ? { ...jsonSchema, additionalProperties: false }
        : undefined,
  };
  return {
    schema(schema) {
      const {
        $schema: _dialect,
        $defs: _definitions,
        ...converted
      } = toJsonSchema(schema, config) as JsonSchema & {
        $defs?: unknown;
      };
      return converted;
    },
    components() {
      const { definitions: _named, ...rest } = config;
      const converted: Record<string, JsonSchema> = toJsonSchemaDefs(named, rest);
      return Object.fromEntries(Object.entries(converted).map(([name, { $schema: _dialect, ...schema }]) => [name, schema]));
    },
  };
}

let version: string | undefined;

/** The package's version, read once (this file sits at the same depth under src/ and dist/). */
function serviceVersion(): string {
  version ??= (JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string })
    .version;
  return version;
}

/**
 * Turns the schema errors Fastify reports for a request (TypeBox's, ajv-shaped) into the API's
 * `details: [{ field, message }]` with sentences a person can act on, one per problem.
 */
export interface FieldIssue {
  field: string;
  message: string;
}

interface SchemaError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message?: string;
}

const fieldOf = (instancePath: string, context: string) =>
  instancePath.replace(/^\//, '').replaceAll('/', '.') || (context === 'body' ? 'body' : context);

function describe(error: SchemaError, field: string): string | undefined {
  const p = error.params;
  switch (error.keyword) {
    case 'type':
      return `${field} must be ${article(String(p.type))}`;
    case 'minimum':
    case 'exclusiveMinimum':
    case 'maximum':
    case 'exclusiveMaximum': {
      const words = {
        minimum: 'at least',
        exclusiveMinimum: 'greater than',
        maximum: 'at most',
        exclusiveMaximum: 'less than',
      };
      return `${field} must be ${words[error.keyword]} ${p.limit}`;
    }
    case 'minLength':
      return p.limit === 1
        ? `${field} must not be empty`
        : `${field} must have at least ${p.limit} characters`;
    case 'maxLength':
      return `${field} must have at most ${p.limit} characters`;
    case 'minItems':
      return `${field} must list at least ${p.limit} ${p.limit === 1 ? 'value' : 'values'}`;
    case 'maxItems':
      return `${field} must list at most ${p.limit} values`;
    case 'pattern':
    case 'format':
      return `${field} is not in the expected format`;
    // The `additionalProperties` error names the fields; its per-field `false` schema error repeats it.
    case 'boolean':
      return undefined;
    default:
      return `${field} ${error.message ?? 'is not valid'}`;
  }
}

const article = (type: string) =>
  type === 'integer'
    ? 'a whole number'
    : type === 'array'
      ? 'a list'
      : /^[aeiou]/.test(type)
        ? `an ${type}`
        : `a ${type}`;

export function issuesFromValidation(errors: readonly SchemaError[], context: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const add = (field: string, message: string) => {
    if (!issues.some((i) => i.field === field && i.message === message)) issues.push({ field, message });
  };
  // A union of literals fails with one `const` error per choice, then an `anyOf`: list the choices.
  const choices = new Map<string, unknown[]>();
  for (const error of errors) {
    if (error.keyword === 'const' && error.schemaPath.includes('/anyOf/')) {
      const list = choices.get(error.instancePath) ?? [];
      list.push(error.params.allowedValue);
      choices.set(error.instancePath, list);
    }
  }
  for (const error of errors) {
    const prefix = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const child = (name: string) => (prefix ? `${prefix}.${name}` : name);
    if (error.keyword === 'required') {
      for (const name of (error.params.requiredProperties as string[] | undefined) ?? [])
        add(child(name), `${child(name)} is required`);
      continue;
    }
    if (error.keyword === 'additionalProperties') {
      for (const name of (error.params.additionalProperties as string[] | undefined) ?? [])
        add(child(name), `${child(name)} is not accepted here`);
      continue;
    }
    const field = fieldOf(error.instancePath, context);
    if (error.keyword === 'const' && choices.has(error.instancePath)) continue;
    if (error.keyword === 'anyOf' && choices.has(error.instancePath)) {
      add(field, `${field} must be one of ${choices.get(error.instancePath)?.join(', ')}`);
      continue;
    }
    const message = describe(error, field);
    if (message) add(field, message);
  }
  if (issues.length === 0) issues.push({ field: context, message: `the ${context} is not valid` });
  return issues;
}

/** One sentence for the error's `message`: every problem, in order. */
export function summarize(issues: readonly FieldIssue[]): string {
  return `${issues.map((i) => i.message).join('; ')}.`;
}

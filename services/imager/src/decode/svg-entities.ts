/**
 * Internal DOCTYPE subsets of SVGs: older Illustrator exports declare their namespaces as entities
 * (`<!ENTITY ns_svg "http://www.w3.org/2000/svg">`, then `xmlns="&ns_svg;"`), and a browser renders
 * them. saxes expands only the five predefined entities, so the declarations are read here and handed
 * to it, bounded so that no file can expand into gigabytes:
 *
 * - only internal general entities (`<!ENTITY name "text">`) are accepted; parameter entities
 *   (`<!ENTITY % …>`, `%name;`), external ones (SYSTEM, PUBLIC, NDATA) and replacement text holding
 *   markup (`<`) are refused, so nothing is ever fetched and nothing is parsed twice;
 * - at most MAX_ENTITIES declarations, each at most MAX_ENTITY_CHARS once its references to earlier
 *   entities are expanded, and all references in the document together at most MAX_EXPANDED_CHARS.
 *
 * Element, attribute-list and notation declarations, comments and processing instructions inside the
 * subset are skipped: the document is re-serialised without a DOCTYPE, so they never reach librsvg.
 */
import { UnreadableInput } from './raw-image.ts';

export const MAX_ENTITIES = 1_000;
export const MAX_ENTITY_CHARS = 64 * 1024;
export const MAX_EXPANDED_CHARS = 1024 * 1024;

const NAME = /^[A-Za-z_:][\w.:-]*/;
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const refuse = (reason: string) => new UnreadableInput(reason);

/** The entities an internal subset declares (name → replacement text); empty without a subset. */
export function readInternalSubset(doctype: string): Map<string, string> {
  const entities = new Map<string, string>();
  const open = doctype.indexOf('[');
  if (open < 0) return entities;
  const close = doctype.lastIndexOf(']');
  if (close < open) throw refuse('its DOCTYPE is not well-formed');
  const subset = doctype.slice(open + 1, close);
  let at = 0;
  const skipSpace = () => {
    while (at < subset.length && /\s/.test(subset[at])) at++;
  };
  /** Moves past the '>' that ends a declaration, skipping quoted strings. */
  const skipDeclaration = () => {
    let quote: string | undefined;
    for (; at < subset.length; at++) {
      const c = subset[at];
      if (quote) {
        if (c === quote) quote = undefined;
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '>') {
        at++;
        return;
      } else if (c === '%') throw refuse(PARAMETER_ENTITY);
    }
    throw refuse('its DOCTYPE is not well-formed');
  };

  for (skipSpace(); at < subset.length; skipSpace()) {
    if (subset.startsWith('<!--', at)) {
      const end = subset.indexOf('-->', at + 4);
      if (end < 0) throw refuse('its DOCTYPE is not well-formed');
      at = end + 3;
    } else if (subset.startsWith('<?', at)) {
      const end = subset.indexOf('?>', at + 2);
      if (end < 0) throw refuse('its DOCTYPE is not well-formed');
      at = end + 2;
    } else if (subset.startsWith('<!ENTITY', at)) {
      at += 8;
      readEntity();
    } else if (/^<!(?:ELEMENT|ATTLIST|NOTATION)\s/.test(subset.slice(at, at + 11))) {
      skipDeclaration();
    } else if (subset[at] === '%') {
      throw refuse(PARAMETER_ENTITY);
    } else {
      throw refuse('its DOCTYPE holds declarations we do not understand');
    }
  }
  return entities;

  function readEntity(): void {
    skipSpace();
    if (subset[at] === '%') throw refuse(PARAMETER_ENTITY);
    const name = NAME.exec(subset.slice(at))?.[0];
    if (!name) throw refuse('its DOCTYPE declares an entity without a name');
    at += name.length;
    skipSpace();
    const quote = subset[at];
    if (quote !== '"' && quote !== "'") {
      // SYSTEM or PUBLIC: the entity's text lives in another file or at a URL.
      throw refuse(`it declares an entity (${name}) that loads another file, which we do not allow`);
    }
    const end = subset.indexOf(quote, at + 1);
    if (end < 0) throw refuse('its DOCTYPE is not well-formed');
    const literal = subset.slice(at + 1, end);
    at = end + 1;
    skipSpace();
    if (subset[at] !== '>')
      throw refuse(`it declares an entity (${name}) that loads another file, which we do not allow`);
    at++;
    if (literal.includes('%')) throw refuse(PARAMETER_ENTITY);
    if (literal.includes('<')) {
      throw refuse(`it declares an entity (${name}) holding markup, which we do not expand`);
    }
    // The first declaration of a name wins (XML 1.0, 4.2).
    if (entities.has(name) || PREDEFINED[name] !== undefined) return;
    if (entities.size >= MAX_ENTITIES) throw refuse(`it declares more than ${MAX_ENTITIES} entities`);
    entities.set(name, expand(literal, name));
  }

  /** Replaces character references and references to earlier entities, bounded in size. */
  function expand(literal: string, name: string): string {
    const value = literal.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z_:][\w.:-]*);/g, (_, ref: string) => {
      if (ref.startsWith('#')) {
        const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
        if (!(code > 0 && code <= 0x10ffff)) throw refuse('its DOCTYPE has an invalid character reference');
        return String.fromCodePoint(code);
      }
      const known = entities.get(ref) ?? PREDEFINED[ref];
      // A reference to itself or to a later entity cannot be resolved in one pass (and may loop).
      if (known === undefined) throw refuse(`its entity ${name} refers to an undeclared entity (${ref})`);
      return known;
    });
    if (value.length > MAX_ENTITY_CHARS) throw refuse(TOO_LARGE);
    return value;
  }
}

const PARAMETER_ENTITY = 'it uses parameter entities in its DOCTYPE, which we do not process';
const TOO_LARGE = 'its entities expand to too much text (a possible entity expansion attack)';

/**
 * What saxes looks entities up in (its `ENTITIES`): the predefined ones, then `declared`, counting
 * every expansion against MAX_EXPANDED_CHARS.
 */
export function boundedEntityTable(
  declared: Map<string, string>,
  predefined: Record<string, string>,
): Record<string, string> {
  let budget = MAX_EXPANDED_CHARS;
  return new Proxy(predefined, {
    get(target, key) {
      if (typeof key !== 'string' || !declared.has(key)) return Reflect.get(target, key);
      const value = declared.get(key) ?? '';
      budget -= value.length;
      if (budget < 0) throw refuse(TOO_LARGE);
      return value;
    },
  });
}

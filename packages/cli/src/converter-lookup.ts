import { extname } from 'node:path';
import { FORMATS } from '@mediakit/catalog';
import type { Tool } from '@mediakit/client';
import { UsageError } from './usage.ts';

/** Other spellings of a format, as the converters' names write it. */
const ALIASES: Record<string, string> = {
  jpeg: 'jpg',
  jpe: 'jpg',
  tif: 'tiff',
  heif: 'heic',
  ts: 'mpeg-ts',
  mts: 'mpeg-ts',
  m2ts: 'mpeg-ts',
  aif: 'aiff',
  oga: 'ogg',
};

/** A format as the catalog names it: `JPEG`, `.jpeg` and `jpg` are all `jpg`. */
export function formatName(ext: string): string {
  const plain = ext.toLowerCase().replace(/^\./, '');
  return ALIASES[plain] ?? plain;
}

/** The format a file's name says it is (the server reads the bytes; this only picks the converter). */
export const formatOfFile = (file: string) => formatName(extname(file));

export interface ConverterChoice {
  tool: string;
  params: Record<string, unknown>;
}

/** The converters of one source format: `<from>-to-<to>`, by target. */
function namedConverters(tools: Tool[], from: string): Map<string, Tool> {
  const prefix = `${from}-to-`;
  return new Map(
    tools
      .filter((tool) => tool.kind === 'converter' && tool.name.startsWith(prefix))
      .map((tool) => [tool.name.slice(prefix.length), tool]),
  );
}

/** The MIME types a format has: the catalog's, and what its own converters accept. */
function mimesOf(from: string, converters: Map<string, Tool>): Set<string> {
  const known = (FORMATS as Record<string, { mimes: readonly string[] }>)[from]?.mimes ?? [];
  return new Set([...known, ...[...converters.values()].flatMap((tool) => tool.inputs.accept)]);
}

/** The targets of a generic converter (`audio-converter`: a `format` param) that takes these types. */
function genericTargets(tool: Tool, mimes: Set<string>): string[] {
  if (!tool.name.endsWith('-converter') || !tool.inputs.accept.some((mime) => mimes.has(mime))) return [];
  const format = (tool.params as { properties?: Record<string, { enum?: unknown[] }> }).properties?.format;
  return (format?.enum ?? []).filter((value): value is string => typeof value === 'string');
}

/**
 * The tool that turns `file` into `to`: its own converter `<from>-to-<to>` first, else a generic
 * converter that takes the file and writes that format (with `format` set). When none does, the
 * sentence lists what the file can become.
 */
export function findConverter(tools: Tool[], file: string, toExt: string): ConverterChoice {
  const from = formatOfFile(file);
  const to = formatName(toExt);
  if (!from)
    throw new UsageError(`${file} has no extension, so mediakit cannot tell which converter to use.`);
  if (from === to) throw new UsageError(`${file} is already ${to}.`);
  const named = namedConverters(tools, from);
  const own = named.get(to);
  if (own) return { tool: own.name, params: {} };
  const mimes = mimesOf(from, named);
  const targets = new Set(named.keys());
  for (const tool of tools) {
    const formats = genericTargets(tool, mimes).filter((format) => format !== from);
    if (formats.includes(to)) return { tool: tool.name, params: { format: to } };
    for (const format of formats) targets.add(format);
  }
  if (targets.size === 0) throw new UsageError(`Mediakit has no converter for ${from} files like ${file}.`);
  const list = [...targets].sort().join(', ');
  throw new UsageError(`There is no converter from ${from} to ${to}. ${file} can become: ${list}.`);
}

#!/usr/bin/env node
/**
 * The commit message rule (docs/development.md, "Conventions"): a subject of at most 72 characters in the
 * imperative, a blank line, then a body that says why. `.githooks/commit-msg` runs this on every
 * commit; `scripts/setup.mjs` points git at `.githooks`, so a fresh clone gets it with `npm start`
 * or `npm test`. Plain Node, no dependencies: it must run before `npm ci` has.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const MAX_SUBJECT = 72;

/** Subjects git writes itself, which carry no body of their own. */
const GENERATED = /^(?:Merge |Revert "|fixup! |squash! |amend! )/;

/** What is wrong with a message, as sentences; empty when it follows the rule. */
export function commitMessageProblems(text) {
  // git strips "#" comment lines and trailing blank lines after the hook; do the same first.
  const lines = text
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .map((line) => line.trimEnd());
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  const [subject = '', second, ...body] = lines;
  if (subject.trim() === '') return ['The subject line is empty: say in a few words what the commit does.'];
  if (GENERATED.test(subject)) return [];
  const problems = [];
  if (subject.length > MAX_SUBJECT)
    problems.push(`The subject has ${subject.length} characters; keep it to ${MAX_SUBJECT} at most.`);
  if (subject.endsWith('.')) problems.push('The subject ends with a full stop; leave it out.');
  if (second !== undefined && second !== '')
    problems.push('Leave the second line blank, between subject and body.');
  if (body.every((line) => line.trim() === ''))
    problems.push('There is no body: add a blank line and a few lines that say why this change is made.');
  return problems;
}

function main(path) {
  const problems = commitMessageProblems(readFileSync(path, 'utf8'));
  if (problems.length === 0) return 0;
  console.error(`commit message: ${problems.join('\ncommit message: ')}`);
  console.error(
    '(the rule: a subject of at most 72 characters in the imperative, a blank line, a body that says why)',
  );
  return 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv[2]);
}

/**
 * What a comment may cite, and whether it resolves: `SPEC §n` (and `§n` after it) names a
 * numbered section of docs/SPEC.md, `SPEC §n "words"` quotes words of that section, a
 * `docs/architecture.md "Section"` citation names a heading or a bold lead-in of that file, and
 * every `*.md` file a source or config file names exists in the repository.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The files whose references are checked: code and configuration, not the documents themselves. */
export const CITING_FILE = /\.(ts|tsx|js|mjs|cjs|css|json|ya?ml|sql|hbs|html|sh)$|(^|\/)\.ci\/run$/;

/** The sections of a markdown file split at `## ` headings: number (when numbered) or title -> text. */
export function sectionsOf({ markdown }: { markdown: string }): Map<string, string> {
  const sections = new Map<string, string>();
  for (const part of markdown.split(/^(?=## )/m)) {
    const heading = /^## (?:(\d+)\. )?(.+)$/m.exec(part);
    if (!heading) continue;
    sections.set(heading[1] ?? heading[2].trim(), part);
  }
  return sections;
}

/** Lowercase words only: markdown marks, quotes and line breaks do not decide whether a phrase is cited. */
function plain(text: string): string {
  return text.replace(/[*`_]/g, '').replace(/\s+/g, ' ').toLowerCase();
}

/** The headings (any level) and bold lead-ins (`**Name**` or `- **Name.**`) of a markdown file. */
export function namesOf({ markdown }: { markdown: string }): Set<string> {
  const names = new Set<string>();
  for (const [, heading] of markdown.matchAll(/^#{1,6} (.+)$/gm)) names.add(plain(heading.replace(/^\d+\. /, '')));
  for (const [, bold] of markdown.matchAll(/\*\*([^*]+)\*\*/g)) names.add(plain(bold.replace(/[.:]$/, '')));
  return names;
}

/** 'file:line problem' for each reference on `text` that does not resolve. */
export function unresolvedReferences({
  file,
  text,
  spec,
  architecture,
  exists,
}: {
  file: string;
  text: string;
  /** docs/SPEC.md's text. */
  spec: string;
  /** docs/architecture.md's text. */
  architecture: string;
  /** Whether a repository-relative path exists. */
  exists: (relative: string) => boolean;
}): string[] {
  const sections = sectionsOf({ markdown: spec });
  const architectureNames = namesOf({ markdown: architecture });
  const problems: string[] = [];
  text.split('\n').forEach((line, i) => {
    const at = `${file}:${i + 1}`;
    for (const [, number] of line.matchAll(/§(\d+)/g)) {
      if (!sections.has(number)) problems.push(`${at} §${number} is not a section of docs/SPEC.md`);
    }
    for (const [, number, words] of line.matchAll(/SPEC §(\d+) "([^"]+)"/g)) {
      const section = sections.get(number);
      if (section && !plain(section).includes(plain(words))) problems.push(`${at} SPEC §${number} does not say "${words}"`);
    }
    for (const [, words] of line.matchAll(/docs\/architecture\.md,? "([^"]+)"/g)) {
      if (![...architectureNames].some((name) => name.includes(plain(words)))) problems.push(`${at} docs/architecture.md has no section "${words}"`);
    }
    for (const [cited] of line.matchAll(/[\w./-]*[\w-]+\.md\b/g)) {
      const candidates = [cited, path.posix.join(path.posix.dirname(file), cited), path.posix.join('docs', cited)];
      if (!candidates.some(exists)) problems.push(`${at} ${cited} is not a file of the repository`);
    }
  });
  return problems;
}

/** `exists` for paths relative to `root`. */
export const existsUnder =
  ({ root }: { root: string }) =>
  (relative: string): boolean =>
    existsSync(path.join(root, relative));

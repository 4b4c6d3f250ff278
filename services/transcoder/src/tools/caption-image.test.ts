import { execFile } from 'node:child_process';
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAPTION_LINE_HEIGHT,
  CAPTION_MAX_WIDTH,
  cleanCaption,
  escapeMarkup,
  layoutCaption,
  renderLine,
  wrapWords,
  writeCaptionImage,
} from './caption-image.ts';

const run = promisify(execFile);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-caption-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Pixels of an image, as sharp decodes them, that are strongly coloured (neither grey nor white). */
async function colourfulPixels(path: string): Promise<number> {
  const { data, info } = await sharp(path).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const [r, g, b, a] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
    if (a > 200 && Math.max(r, g, b) - Math.min(r, g, b) > 96) count++;
  }
  return count;
}

describe('cleanCaption and escapeMarkup', () => {
  it('removes control characters and collapses whitespace, keeping joiners', () => {
    expect(cleanCaption(undefined)).toBe('');
    expect(cleanCaption('  \n\t ')).toBe('');
    expect(cleanCaption('when the\nbass\u0007 drops')).toBe('when the bass drops');
    expect(cleanCaption('👩\u200d💻 at 3am')).toBe('👩\u200d💻 at 3am');
  });

  it('escapes every character that could start markup', () => {
    expect(escapeMarkup(`<b a="1">&amp;'</b>`)).toBe('&#60;b a=&#34;1&#34;&#62;&#38;amp;&#39;&#60;/b&#62;');
  });
});

describe('wrapWords', () => {
  // Ten "pixels" a character, lines up to 100.
  const fits = async (line: string) => [...line].length * 10 <= 100;

  it('joins words while they fit', async () => {
    expect(await wrapWords('one two three four five', fits)).toEqual(['one two', 'three four', 'five']);
    expect(await wrapWords('', fits)).toEqual([]);
  });

  it('cuts a word too long for a line between graphemes, and goes on after its last piece', async () => {
    expect(await wrapWords(`${'x'.repeat(25)} yz`, fits)).toEqual([
      'x'.repeat(10),
      'x'.repeat(10),
      'xxxxx yz',
    ]);
    // An emoji of several code points, or a letter and its accent, is never split.
    const family = '👨\u200d👩\u200d👧';
    const lines = await wrapWords(`e\u0301${family}${'a'.repeat(9)}`, async (line) => [...line].length <= 5);
    expect(lines.join('')).toBe(`e\u0301${family}${'a'.repeat(9)}`);
    expect(lines[0]).toBe(`e\u0301`);
    expect(lines[1]).toBe(family);
  });
});

describe('layoutCaption (drawn by sharp)', () => {
  it('wraps a long caption into lines that fit the frame, measured as drawn', async () => {
    const long =
      'POV: you finally understand the filter graph escaping rules of ffmpeg after ten years of trying';
    const lines = await layoutCaption(long);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.map((l) => l.text).join(' ')).toBe(long);
    for (const { ink } of lines) expect(ink.width).toBeLessThanOrEqual(CAPTION_MAX_WIDTH);
    // Each line is as long as it can be: the next line's first word would not have fitted.
    for (let i = 0; i + 1 < lines.length; i++) {
      const longer = `${lines[i].text} ${lines[i + 1].text.split(' ')[0]}`;
      expect((await renderLine(longer))?.width).toBeGreaterThan(CAPTION_MAX_WIDTH);
    }
  });

  it('cuts a word too long for one line', async () => {
    const lines = await layoutCaption('W'.repeat(120));
    expect(lines.map((l) => l.text).join('')).toBe('W'.repeat(120));
    expect(lines.length).toBeGreaterThan(5);
    for (const { ink } of lines) expect(ink.width).toBeLessThanOrEqual(CAPTION_MAX_WIDTH);
  });

  it('keeps marks stacked taller than a line on its box', async () => {
    const [line] = await layoutCaption(`e${'\u0301'.repeat(100)} ok`);
    expect(line.ink.height).toBeLessThanOrEqual(CAPTION_LINE_HEIGHT);
  });
});

describe('writeCaptionImage', () => {
  it('writes nothing for a caption with nothing to draw', async () => {
    const path = join(dir, 'empty.png');
    expect(await writeCaptionImage(' \u200b \n', path)).toBeUndefined();
    await expect(access(path)).rejects.toThrow();
  });

  it('draws markup as the text it is', async () => {
    const path = join(dir, 'markup.png');
    const size = await writeCaptionImage('<span color="red">&amp;</span>', path);
    // Far wider than "&" alone: the tags and the entity are shown, and nothing turned red.
    expect(size?.width).toBeGreaterThan(600);
    expect(await colourfulPixels(path)).toBe(0);
  });

  it('draws emoji in colour, on one dark box a line', async () => {
    const path = join(dir, 'emoji.png');
    const size = await writeCaptionImage('🔥 so good 😂', path);
    const meta = await sharp(path).metadata();
    expect([meta.width, meta.height]).toEqual([size?.width, size?.height]);
    expect(meta.height).toBe(CAPTION_LINE_HEIGHT);
    expect(await colourfulPixels(path)).toBeGreaterThan(1000);
    // The corners are the box: black at 60 %.
    const { data } = await sharp(path).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 4)]).toEqual([0, 0, 0, 153]);
  });

  it('still draws the caption on a host without the emoji and CJK fonts', async () => {
    // fontconfig reads its configuration once per process: a child process with one that lists no
    // font directories, so only the bundled font (loaded by file) is there.
    const config = join(dir, 'no-fonts.conf');
    await writeFile(
      config,
      `<?xml version="1.0"?>\n<fontconfig><cachedir>${dir}/fc</cachedir></fontconfig>\n`,
    );
    const path = join(dir, 'no-fonts.png');
    const module = pathToFileURL(join(import.meta.dirname, 'caption-image.ts')).href;
    const script = `const { writeCaptionImage } = await import(${JSON.stringify(module)});
      console.log(JSON.stringify(await writeCaptionImage('🔥 so good 😂 今天很开心', ${JSON.stringify(path)})));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, FONTCONFIG_FILE: config },
    });
    expect(JSON.parse(stdout)).toMatchObject({ height: CAPTION_LINE_HEIGHT });
    expect((await sharp(path).metadata()).height).toBe(CAPTION_LINE_HEIGHT);
    // No colour font: no colour, but the text is there.
    expect(await colourfulPixels(path)).toBe(0);
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobFailure } from '@mediakit/worker';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyPlan, planImageJob } from '../tools/pipeline.ts';
import { openImage } from './open-image.ts';
import { UnreadableInput } from './raw-image.ts';
import { sanitizeSvg, unescapeCss, withoutWebFonts } from './svg-sanitize.ts';

// The worker package's index also starts the runtime; only its contract module is needed here.
vi.mock('@mediakit/worker', () => import('@mediakit/worker'));

/**
 * Hostile SVGs end to end through openImage, as a converter reads them: each is refused with a
 * sentence naming the file and the reason, and a local TCP listener proves nothing was fetched.
 */

let dir: string;
let listener: Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'imager-svg-'));
  await writeFile(
    join(dir, 'secret.png'),
    await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0f0' } })
      .png()
      .toBuffer(),
  );
  listener = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise((resolve) => listener.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const SVG = 'xmlns="http://www.w3.org/2000/svg"';
const XLINK = 'xmlns:xlink="http://www.w3.org/1999/xlink"';

/** Writes the SVG into the temp dir (so relative paths have somewhere to point) and converts it to PNG. */
async function convert(name: string, svg: string): Promise<Buffer> {
  const path = join(dir, name);
  await writeFile(path, svg);
  const image = await openImage({ path, format: 'svg', name });
  return applyPlan(image, planImageJob({ format: 'png' })).toBuffer();
}

async function refusal(name: string, svg: string): Promise<string> {
  const error = await convert(name, svg).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(JobFailure);
  return (error as Error).message;
}

describe('hostile SVGs are refused before librsvg sees them', () => {
  const attacks: [string, () => string, RegExp][] = [
    [
      'external entity',
      () =>
        `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg ${SVG} width="10" height="10"><text>&x;</text></svg>`,
      /declares an entity \(x\) that loads another file/,
    ],
    [
      'an external entity by URL',
      () =>
        `<!DOCTYPE svg [<!ENTITY x PUBLIC "-//X//EN" "http://127.0.0.1:${port}/x.ent">]><svg ${SVG} width="10" height="10"><text>&x;</text></svg>`,
      /declares an entity \(x\) that loads another file/,
    ],
    [
      'a parameter entity',
      () =>
        `<!DOCTYPE svg [<!ENTITY % p SYSTEM "http://127.0.0.1:${port}/p.dtd"> %p;]><svg ${SVG} width="10" height="10"/>`,
      /parameter entities/,
    ],
    [
      'billion laughs',
      () => {
        const levels = ['<!ENTITY l0 "lol">'];
        for (let n = 1; n < 10; n++) levels.push(`<!ENTITY l${n} "${`&l${n - 1};`.repeat(10)}">`);
        return `<?xml version="1.0"?><!DOCTYPE svg [${levels.join('')}]><svg ${SVG} width="10" height="10"><text>&l9;</text></svg>`;
      },
      /entities expand to too much text/,
    ],
    [
      'many references to a large entity',
      () =>
        `<!DOCTYPE svg [<!ENTITY big "${'x'.repeat(60_000)}">]><svg ${SVG} width="10" height="10"><text>${'&big;'.repeat(20)}</text></svg>`,
      /entities expand to too much text/,
    ],
    [
      'an entity holding markup',
      () =>
        `<!DOCTYPE svg [<!ENTITY m "<image href='http://127.0.0.1:${port}/x.png'/>">]><svg ${SVG} width="10" height="10">&m;</svg>`,
      /entity \(m\) holding markup/,
    ],
    [
      'an undeclared entity',
      () => `<svg ${SVG} width="10" height="10"><text>&x;</text></svg>`,
      /not well-formed XML/,
    ],
    [
      'an http image',
      () =>
        `<svg ${SVG} width="10" height="10"><image href="http://127.0.0.1:${port}/x.png" width="10" height="10"/></svg>`,
      /loads an outside resource \(a web address \(http:\)\)/,
    ],
    [
      'an http image by xlink:href',
      () =>
        `<svg ${SVG} ${XLINK} width="10" height="10"><image xlink:href="http://127.0.0.1:${port}/x.png"/></svg>`,
      /loads an outside resource/,
    ],
    [
      'an xlink:href under another prefix',
      () =>
        `<svg ${SVG} xmlns:q="http://www.w3.org/1999/xlink" width="10" height="10"><image q:href=" http://127.0.0.1:${port}/x.png"/></svg>`,
      /loads an outside resource/,
    ],
    [
      'a file: image',
      () => `<svg ${SVG} width="10" height="10"><image href="file:///etc/hostname"/></svg>`,
      /loads an outside resource \(a file on the computer that renders it \(file:\)\)/,
    ],
    [
      'a relative path',
      () => `<svg ${SVG} width="10" height="10"><image href="../secret.png"/></svg>`,
      /outside resource \(another file \(secret\.png\)\)/,
    ],
    [
      'a <use> of another file',
      () => `<svg ${SVG} width="10" height="10"><use href="other.svg#a"/></svg>`,
      /outside resource/,
    ],
    [
      'a <script>',
      () => `<svg ${SVG} width="10" height="10"><script>alert(1)</script></svg>`,
      /contains a <script> element/,
    ],
    [
      'an event handler',
      () => `<svg ${SVG} width="10" height="10" onload="alert(1)"/>`,
      /event handler attribute \(onload\)/,
    ],
    [
      '<foreignObject>',
      () =>
        `<svg ${SVG} width="10" height="10"><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject></svg>`,
      /<foreignObject> element/,
    ],
    [
      'a CSS url() in a style attribute',
      () =>
        `<svg ${SVG} width="10" height="10"><rect width="10" height="10" style="background:url(http://127.0.0.1:${port}/bg.png)"/></svg>`,
      /outside resource \(a web address \(http:\)\)/,
    ],
    [
      'a CSS url() spelled with escapes',
      () =>
        `<svg ${SVG} width="10" height="10"><rect width="10" height="10" fill="\\75 rl('http://127.0.0.1:${port}/f')"/></svg>`,
      /outside resource/,
    ],
    [
      'a url() in a presentation attribute',
      () =>
        `<svg ${SVG} width="10" height="10"><rect width="10" height="10" filter="url(file:///etc/passwd#f)"/></svg>`,
      /outside resource/,
    ],
    [
      '@import in a <style>',
      () =>
        `<svg ${SVG} width="10" height="10"><style>@import "http://127.0.0.1:${port}/a.css";</style></svg>`,
      /imports another style sheet/,
    ],
    [
      'a url() left in <style> CDATA beside a dropped web font',
      () =>
        `<svg ${SVG} width="10" height="10"><style><![CDATA[@font-face{font-family:x;src:url("http://127.0.0.1:${port}/f.woff")} rect{fill:url("http://127.0.0.1:${port}/p.svg#g")}]]></style></svg>`,
      /outside resource \(a web address \(http:\)\)/,
    ],
    [
      'an @import that is not of a web-font service',
      () =>
        `<svg ${SVG} width="10" height="10"><style>@import url("https://fonts.example.com/css?family=X");</style></svg>`,
      /imports another style sheet/,
    ],
    [
      '<?xml-stylesheet?>',
      () => `<?xml-stylesheet href="http://127.0.0.1:${port}/a.css"?><svg ${SVG} width="10" height="10"/>`,
      /outside style sheet/,
    ],
    [
      'XInclude',
      () =>
        `<svg ${SVG} xmlns:xi="http://www.w3.org/2001/XInclude" width="10" height="10"><xi:include href="file:///etc/passwd" parse="text"/></svg>`,
      /includes other files \(XInclude\)/,
    ],
    [
      'an embedded SVG (which could hold anything)',
      () => `<svg ${SVG} width="10" height="10"><image href="data:image/svg+xml;base64,PHN2Zy8+"/></svg>`,
      /outside resource/,
    ],
  ];

  it.each(attacks)('%s', async (_, svg, reason) => {
    const before = connections;
    const message = await refusal('drawing.svg', svg());
    expect(message).toMatch(/^drawing\.svg could not be read: /);
    expect(message).toMatch(reason);
    // Never an address, a host or a server path (the reference is described, not repeated).
    expect(message).not.toMatch(/127\.0\.0\.1|\/\/|\/etc\b|\.\.\//);
    // Give a connection attempt, if any had been made, time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(connections).toBe(before);
  });

  it('an inline image that would decode to more than the pixel limit', async () => {
    const png = Buffer.from(
      await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    png.writeUInt32BE(20_000, 16);
    png.writeUInt32BE(20_000, 20);
    const svg = `<svg ${SVG} width="10" height="10"><image href="data:image/png;base64,${png.toString('base64')}"/></svg>`;
    expect(await refusal('bomb.svg', svg)).toMatch(/embeds an image of more than 100 megapixels/);
  });
});

describe('clean SVGs render', () => {
  it('with an embedded data: PNG, at the declared size, on a transparent background', async () => {
    const green = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    const svg =
      `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n` +
      `<!-- drawn by hand --><svg ${SVG} ${XLINK} width="40" height="20">` +
      `<defs><linearGradient id="g"><stop offset="0" stop-color="#00f"/></linearGradient></defs>` +
      `<image xlink:href="data:image/png;base64,${green.toString('base64')}" width="20" height="20"/>` +
      `<rect x="20" width="10" height="20" style="fill:url(#g)"/><a href="https://example.com"><rect x="30" width="5" height="5" fill="red"/></a>` +
      `<metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="http://example.com/x"/></rdf:RDF></metadata></svg>`;
    const png = await convert('clean.svg', svg);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 40, height: 20, channels: 4 });
    const px = (x: number, y: number) => [...data.subarray((y * 40 + x) * 4, (y * 40 + x + 1) * 4)];
    expect(px(10, 10)).toEqual([0, 255, 0, 255]);
    expect(px(25, 10)).toEqual([0, 0, 255, 255]);
    expect(px(32, 2)).toEqual([255, 0, 0, 255]);
    expect(px(38, 18)[3]).toBe(0);
  });

  it('an older Illustrator export: namespaces as DOCTYPE entities, private data in a <switch>', async () => {
    const svg = `<?xml version="1.0" encoding="utf-8"?>
<!-- Generator: Adobe Illustrator 10.0, SVG Export Plug-In . SVG Version: 3.0.0 Build 76)  -->
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.0//EN" "http://www.w3.org/TR/2001/REC-SVG-20010904/DTD/svg10.dtd" [
	<!ENTITY ns_flows "http://ns.adobe.com/Flows/1.0/">
	<!ENTITY ns_svg "http://www.w3.org/2000/svg">
	<!ENTITY ns_xlink "http://www.w3.org/1999/xlink">
	<!ENTITY ns_ai "http://ns.adobe.com/AdobeIllustrator/10.0/">
	<!ENTITY st0 "fill:#FF0000;stroke:none;">
]>
<svg xmlns:i="&ns_ai;" xmlns="&ns_svg;" xmlns:xlink="&ns_xlink;" width="40" height="20" viewBox="0 0 40 20">
<switch><foreignObject requiredExtensions="&ns_ai;" x="0" y="0" width="1" height="1"><i:pgfRef xlink:href="#adobe_illustrator_pgf"></i:pgfRef></foreignObject>
<g i:extraneous="self"><rect style="&st0;" width="20" height="20"/><rect x="20" width="20" height="20" fill="#0000FF"/></g></switch>
<i:pgf id="adobe_illustrator_pgf"><![CDATA[eJzs]]></i:pgf></svg>`;
    const { data, info } = await sharp(await convert('illustrator.svg', svg))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 40, height: 20 });
    const px = (x: number, y: number) => [...data.subarray((y * 40 + x) * 4, (y * 40 + x + 1) * 4)];
    expect(px(5, 10)).toEqual([255, 0, 0, 255]);
    expect(px(35, 10)).toEqual([0, 0, 255, 255]);
  });

  it('web fonts are dropped and the text falls back to an installed font, fetching nothing', async () => {
    const before = connections;
    const svg =
      `<svg ${SVG} width="120" height="40"><style>@import url("https://fonts.googleapis.com/css2?family=Roboto");` +
      `@font-face { font-family: "Brand"; src: url("http://127.0.0.1:${port}/brand.woff2") format("woff2"); }` +
      `text { font-family: "Brand", sans-serif; font-size: 30px; fill: #000 }</style>` +
      `<rect width="120" height="40" fill="#fff"/><text x="5" y="32">Hello</text></svg>`;
    const { data } = await sharp(await convert('fonts.svg', svg))
      .raw()
      .toBuffer({ resolveWithObject: true });
    // Some pixels are dark: the text was drawn with a fallback font.
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 100) dark++;
    expect(dark).toBeGreaterThan(50);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(connections).toBe(before);
    expect(withoutWebFonts('@font-face{src:url(x.woff)} a{fill:red}')).toBe(' a{fill:red}');
  });

  it('a drawing larger than the pixel limit is rendered smaller, not refused', async () => {
    const svg = `<svg ${SVG} width="40000" height="20000"><rect width="40000" height="20000" fill="#f00"/></svg>`;
    const path = join(dir, 'poster.svg');
    await writeFile(path, svg);
    const image = await openImage(
      { path, format: 'svg', name: 'poster.svg' },
      { limitInputPixels: 2_000_000 },
    );
    const meta = await applyPlan(image, planImageJob({ format: 'png' })).toBuffer({
      resolveWithObject: true,
    });
    expect(meta.info.width / meta.info.height).toBeCloseTo(2, 1);
    expect(meta.info.width * meta.info.height).toBeLessThanOrEqual(2_000_000);
    expect(meta.info.width).toBeGreaterThan(1900);
  });
});

describe('sanitizeSvg', () => {
  it('re-serialises only what it checked: no comments, no DOCTYPE, no foreign elements, no xml:base', () => {
    const { svg } = sanitizeSvg(
      Buffer.from(
        `\uFEFF<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">` +
          `<svg ${SVG} xmlns:ink="http://www.inkscape.org/namespaces/inkscape" xml:base="http://x/" width="1" height="1">` +
          `<!-- c --><ink:data><ink:x href="http://example.com"/></ink:data><text x="0">a &amp; b &lt; c</text><?pi x?></svg>`,
      ),
    );
    expect(svg).toBe(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:ink="http://www.inkscape.org/namespaces/inkscape" width="1" height="1"><text x="0">a &amp; b &lt; c</text></svg>`,
    );
  });

  it('reads UTF-16 and declared 8-bit encodings, and refuses invalid UTF-8', () => {
    const text = `<svg ${SVG} width="1" height="1"><text>é</text></svg>`;
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(sanitizeSvg(utf16).svg).toContain('<text>é</text>');
    const latin1 = Buffer.from(`<?xml version="1.0" encoding="ISO-8859-1"?>${text}`, 'latin1');
    expect(sanitizeSvg(latin1).svg).toContain('<text>é</text>');
    expect(() => sanitizeSvg(Buffer.from([0x3c, 0x73, 0x76, 0x67, 0xff, 0x3e]))).toThrow(UnreadableInput);
  });

  it('resolves CSS escapes', () => {
    expect(unescapeCss('\\75 rl(x) \\@import \\000075rl')).toBe('url(x) @import url');
  });
});

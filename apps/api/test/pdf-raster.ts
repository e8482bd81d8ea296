import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PNG } from 'pngjs';

const require = createRequire(import.meta.url);
/** pdf.js's own copies of the standard fonts, so Helvetica renders the same on every machine. */
const STANDARD_FONTS = `${join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/**
 * Renders one page of a PDF to PNG with pdf.js and a Skia canvas (npm packages only, no system
 * fonts: the standard fonts are pdf.js's own, drawn as paths).
 */
export async function pdfPageToPng(pdf: Buffer, options: { page?: number; scale?: number } = {}) {
  const loading = getDocument({
    data: new Uint8Array(pdf),
    standardFontDataUrl: STANDARD_FONTS,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  const document = await loading.promise;
  try {
    const page = await document.getPage(options.page ?? 1);
    const viewport = page.getViewport({ scale: options.scale ?? 1.25 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    // pdf.js's types name the DOM's canvas; the Skia canvas draws the same calls.
    const renderParameters = { canvas, canvasContext: context, viewport } as unknown as Parameters<
      typeof page.render
    >[0];
    await page.render(renderParameters).promise;
    return { png: canvas.toBuffer('image/png'), pages: document.numPages };
  } finally {
    await loading.destroy();
  }
}

/** A PNG's pixels (RGBA) and size. */
export function decodePng(png: Buffer) {
  const image = PNG.sync.read(png);
  return { width: image.width, height: image.height, data: image.data };
}

export function encodePng(image: { width: number; height: number; data: Uint8Array }): Buffer {
  const png = new PNG({ width: image.width, height: image.height });
  png.data = Buffer.from(image.data);
  return PNG.sync.write(png);
}

/** The text of every page, one line per text item, as pdf.js reads it. */
export async function pdfTextContent(pdf: Buffer): Promise<string> {
  const loading = getDocument({
    data: new Uint8Array(pdf),
    standardFontDataUrl: STANDARD_FONTS,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  const document = await loading.promise;
  try {
    const lines: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      for (const item of content.items) if ('str' in item && item.str.trim()) lines.push(item.str);
    }
    return lines.join('\n');
  } finally {
    await loading.destroy();
  }
}

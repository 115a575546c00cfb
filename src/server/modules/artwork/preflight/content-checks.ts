import type { PageContent } from './page-content';
import type { PreflightCheck } from './types';
import { pageList, plural } from './wording';

/** The `fonts`, `image_resolution` and `colour` checks of DESIGN §2 "Artwork", on what the pages hold. */

const PPI_FAIL = 150;
const PPI_WARN = 300;

export function fontsCheck(content: PageContent): PreflightCheck {
  const names = [...content.unembeddedFonts].sort();
  if (names.length === 0)
    return { code: 'fonts', status: 'pass', message: content.hasText ? 'All fonts are embedded.' : 'No live text, so no fonts to embed.' };
  return {
    code: 'fonts',
    status: 'warn',
    message: `${plural(names.length, 'font is', 'fonts are')} not embedded (${names.join(', ')}), so the press will substitute ${names.length === 1 ? 'it' : 'them'} and the text may look different. Embed all fonts, or convert text to outlines, when you export the PDF.`,
  };
}

export function resolutionCheck(content: PageContent): PreflightCheck {
  const { images } = content;
  if (images.length === 0) return { code: 'image_resolution', status: 'pass', message: 'No images to check.' };
  const low = images.filter((image) => image.ppi < PPI_FAIL - 0.5);
  const soft = images.filter((image) => image.ppi < PPI_WARN - 0.5);
  const lowest = soft.reduce((a, b) => (b.ppi < a.ppi ? b : a), images[0]);
  const lowestText = `${Math.round(lowest.ppi)} ppi`;
  if (low.length > 0) {
    const what =
      low.length === 1
        ? `An image on page ${low[0].page} prints at ${lowestText}`
        : `${plural(low.length, 'image')} on ${pageList(low.map((i) => i.page))} print below ${PPI_FAIL} ppi (the lowest at ${lowestText})`;
    return {
      code: 'image_resolution',
      status: 'fail',
      message: `${what}; images need at least ${PPI_FAIL} ppi at their printed size, and ${PPI_WARN} ppi for sharp print, or they will look blurred or blocky. Use a higher-resolution image or place it smaller.`,
    };
  }
  if (soft.length > 0) {
    const what =
      soft.length === 1
        ? `An image on page ${soft[0].page} prints at ${lowestText}`
        : `${plural(soft.length, 'image')} on ${pageList(soft.map((i) => i.page))} print below ${PPI_WARN} ppi (the lowest at ${lowestText})`;
    return {
      code: 'image_resolution',
      status: 'warn',
      message: `${what}; ${PPI_WARN} ppi at the printed size is recommended, and below that images may look soft.`,
    };
  }
  return { code: 'image_resolution', status: 'pass', message: `All images are at least ${PPI_WARN} ppi at their printed size.` };
}

export function colourCheck(content: PageContent): PreflightCheck {
  const rgb = content.images.filter((image) => image.rgb);
  if (rgb.length === 0) return { code: 'colour', status: 'pass', message: 'No RGB images.' };
  const kinds = [...new Set(rgb.map((image) => image.colourName))].join(', ');
  return {
    code: 'colour',
    status: 'warn',
    message: `${plural(rgb.length, 'image')} on ${pageList(rgb.map((i) => i.page))} ${rgb.length === 1 ? 'is' : 'are'} in ${kinds} colour: ${rgb.length === 1 ? 'it' : 'they'} will be converted to CMYK; colours may shift (bright greens, blues and oranges most). For exact colours, convert to CMYK yourself before exporting.`,
  };
}

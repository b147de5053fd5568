// Draws Jalon's logo (a surveyor's stake with its flag: "jalon" means milestone) and renders the PNG
// icons of the web app manifest with Playwright's Chromium. Run it after changing the drawing, then commit
// the files in public/: `node apps/web/scripts/make-icons.mjs` (CHROMIUM_PATH picks another browser).
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const PUBLIC = fileURLToPath(new URL('../public/', import.meta.url));
const BLUE = '#1d4ed8'; // --color-primary (light theme)
const WHITE = '#ffffff';

/**
 * The logo on a 100 x 100 grid. `safe` shrinks the drawing into the middle 80 %, the zone a maskable
 * icon keeps whatever shape the launcher cuts (a circle, a squircle); `rounded` gives the plain icon its corners.
 */
function logo({ safe = false, rounded = true } = {}) {
  const scale = safe ? 0.72 : 1;
  const shift = (100 - 100 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <rect width="100" height="100" rx="${rounded ? 22 : 0}" fill="${BLUE}"/>
  <g transform="translate(${shift} ${shift}) scale(${scale})" fill="${WHITE}">
    <rect x="31" y="18" width="7" height="66" rx="3.5"/>
    <path d="M35 19 L74 32 L35 45 Z"/>
    <rect x="20" y="80" width="44" height="7" rx="3.5"/>
  </g>
</svg>
`;
}

const ICONS = [
  { file: 'icons/icon-192.png', size: 192, svg: logo() },
  { file: 'icons/icon-512.png', size: 512, svg: logo() },
  { file: 'icons/icon-maskable-512.png', size: 512, svg: logo({ safe: true, rounded: false }) },
  // iOS rounds the corners itself and shows transparency as black: a full square.
  { file: 'icons/apple-touch-icon.png', size: 180, svg: logo({ rounded: false }) },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  await writeFile(`${PUBLIC}icons/logo.svg`, logo());
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:100vw;height:100vh}</style>${icon.svg}`,
    );
    await writeFile(`${PUBLIC}${icon.file}`, await page.screenshot({ omitBackground: true }));
    await page.close();
    console.log(`${icon.file}: ${icon.size} x ${icon.size}`);
  }
} finally {
  await browser.close();
}

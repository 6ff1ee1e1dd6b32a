import { createRequire } from 'node:module';

// The PNG's text is drawn with DejaVu Sans from the dejavu-fonts-ttf package (a free licence:
// Bitstream Vera's, public-domain changes), loaded explicitly: a fresh machine may have no
// system fonts at all, and the same font everywhere gives the same image everywhere. The SVG
// names the same family, so a browser with it installed draws the same letters.
export const FAMILIA = 'DejaVu Sans';

const require = createRequire(import.meta.url);
export const FUENTES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((f) => require.resolve(`dejavu-fonts-ttf/ttf/${f}`));

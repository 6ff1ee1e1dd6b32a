import { fileURLToPath } from 'node:url';

// The PNG's text is drawn with DejaVu Sans, loaded from files shipped beside this one (a subset:
// fuentes/README.md says which characters, why and how it was made; fuentes/LICENSE its terms):
// a fresh machine may have no system fonts at all, and the same font everywhere gives the same
// image everywhere. The SVG names the same family, so a browser with it installed draws the same.
export const FAMILIA = 'DejaVu Sans';

export const FUENTES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((f) => fileURLToPath(new URL(`./fuentes/${f}`, import.meta.url)));

/** The characters the shipped fonts have (fuentes/README.md): a label outside them loses those characters. */
export const CARACTERES = /^[\u0020-\u007E\u00A0-\u017F\u2013\u2014\u2018-\u201E\u2026\u20AC\u25B2]*$/;

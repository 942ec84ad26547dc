import sharp from 'sharp';

/**
 * Product photos for the demo warehouse, drawn rather than shot: for each category a few studio
 * shots (a light backdrop, a soft floor shadow) of a kind of part it holds, in several colours
 * and poses. Pure SVG rendered by sharp, no text and no fonts: the same bytes on every run, so
 * the media store keeps each one once.
 */

/** Size of the rendered photos (4:3, as phones shoot them). */
export const PHOTO_WIDTH = 1200;
export const PHOTO_HEIGHT = 900;

/** One generated photo: a drawing of a kind of part in one colour and pose. */
export interface DemoPhoto {
  /** Stable name, e.g. `illuminazione-faro-sinistro`. */
  id: string;
  categoria: string;
  /** Parts whose name contains one of these get this photo rather than another of the category. */
  fits: readonly string[];
  /** The picture, drawn when asked for. */
  shoot(): Shot;
}

/** A picture: the part and its shadow (SVG elements in a PHOTO_WIDTH × PHOTO_HEIGHT frame) on a backdrop. */
export interface Shot {
  backdrop: Backdrop;
  content: string;
}

// ---------------------------------------------------------------------------------------------
// Drawing helpers

/** A drawing around (0, 0) in its own units: the studio scales it to fill the frame. */
interface Motif {
  defs: string;
  body: string;
  /** What it covers: left, top, right, bottom. */
  box: readonly [number, number, number, number];
}

type Stop = readonly [offset: number, colour: string, opacity?: number];

const n = (value: number): string => String(Math.round(value * 10) / 10);

function stops(list: readonly Stop[]): string {
  return list
    .map(
      ([offset, colour, opacity]) =>
        `<stop offset="${offset}" stop-color="${colour}"${opacity === undefined ? '' : ` stop-opacity="${opacity}"`}/>`,
    )
    .join('');
}

/** A linear gradient across the shape's box, from (x1, y1) to (x2, y2) in box fractions. */
function linear(id: string, list: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`;
}

/** A linear gradient in drawing coordinates (for strokes and thin shapes). */
function linearAt(id: string, list: readonly Stop[], x1: number, y1: number, x2: number, y2: number): string {
  return `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}">${stops(list)}</linearGradient>`;
}

/** A radial gradient in box fractions, lit from (fx, fy). */
function radial(id: string, list: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy): string {
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}" fx="${fx}" fy="${fy}">${stops(list)}</radialGradient>`;
}

function channel(hex: string, index: number): number {
  return parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16);
}

/** `hex` moved towards `target` by `amount` (0..1). */
function mix(hex: string, target: string, amount: number): string {
  const parts = [0, 1, 2].map((i) =>
    Math.round(channel(hex, i) + (channel(target, i) - channel(hex, i)) * amount)
      .toString(16)
      .padStart(2, '0'),
  );
  return `#${parts.join('')}`;
}
const lighten = (hex: string, amount: number) => mix(hex, '#ffffff', amount);
const darken = (hex: string, amount: number) => mix(hex, '#000000', amount);

/** Car paint: a bright sky reflection on top, the colour, a dark horizon line, the floor below. */
function paint(id: string, base: string): string {
  return linear(id, [
    [0, lighten(base, 0.5)],
    [0.22, lighten(base, 0.12)],
    [0.5, base],
    [0.62, darken(base, 0.38)],
    [0.7, darken(base, 0.2)],
    [1, darken(base, 0.45)],
  ]);
}

/** Polished steel, banded along the given direction. */
function steel(id: string, x2 = 0, y2 = 1): string {
  return linear(
    id,
    [
      [0, '#f6f7f8'],
      [0.3, '#bcc3c9'],
      [0.5, '#eef1f3'],
      [0.78, '#8f979e'],
      [1, '#c9ced2'],
    ],
    0,
    0,
    x2,
    y2,
  );
}

/** Cast aluminium: matte, lit from the top left. */
function cast(id: string): string {
  return radial(
    id,
    [
      [0, '#f1f1ee'],
      [0.55, '#c4c5c0'],
      [1, '#85877f'],
    ],
    0.45,
    0.4,
    0.75,
    0.3,
    0.25,
  );
}

/** Black plastic or rubber, with a soft sheen. */
function plastic(id: string, base = '#2c2f33'): string {
  return linear(id, [
    [0, lighten(base, 0.25)],
    [0.35, base],
    [1, darken(base, 0.55)],
  ]);
}

/** A point at `radius` and `degrees` (0 = right, clockwise) around (cx, cy). */
function polar(cx: number, cy: number, radius: number, degrees: number): [number, number] {
  const a = (degrees * Math.PI) / 180;
  return [cx + radius * Math.cos(a), cy + radius * Math.sin(a)];
}

/** The ring segment between radii r1 < r2 and angles a1 < a2 (degrees). */
function sector(cx: number, cy: number, r1: number, r2: number, a1: number, a2: number): string {
  const [x1, y1] = polar(cx, cy, r2, a1);
  const [x2, y2] = polar(cx, cy, r2, a2);
  const [x3, y3] = polar(cx, cy, r1, a2);
  const [x4, y4] = polar(cx, cy, r1, a1);
  const large = a2 - a1 > 180 ? 1 : 0;
  return `M${n(x1)} ${n(y1)}A${r2} ${r2} 0 ${large} 1 ${n(x2)} ${n(y2)}L${n(x3)} ${n(y3)}A${r1} ${r1} 0 ${large} 0 ${n(x4)} ${n(y4)}Z`;
}

/** `count` copies of `draw(index, degrees)` evenly around a circle. */
function around(count: number, draw: (index: number, degrees: number) => string, start = 0): string {
  return Array.from({ length: count }, (_, i) => draw(i, start + (360 * i) / count)).join('');
}

/** A hexagon (bolt head) of `radius` at (cx, cy). */
function hexagon(cx: number, cy: number, radius: number, fill: string): string {
  const points = Array.from({ length: 6 }, (_, i) => polar(cx, cy, radius, 30 + i * 60))
    .map(([x, y]) => `${n(x)},${n(y)}`)
    .join(' ');
  return `<polygon points="${points}" fill="${fill}" stroke="#00000055" stroke-width="2"/>`;
}

/** A bolt: hexagon head with a highlight. */
function bolt(cx: number, cy: number, radius = 14): string {
  return `${hexagon(cx, cy, radius, 'url(#bolt)')}<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius * 0.45)}" fill="#ffffff55"/>`;
}
const BOLT_DEFS = radial(
  'bolt',
  [
    [0, '#f4f5f6'],
    [1, '#7f878e'],
  ],
  0.4,
  0.35,
  0.7,
);

/**
 * A coil spring seen slightly from above: its back half (behind whatever it wraps) and front
 * half, as separate drawings so a damper can sit between them.
 */
function helix(options: {
  radius: number;
  depth: number;
  top: number;
  bottom: number;
  coils: number;
  wire: number;
  colour: string;
}): { back: string; front: string } {
  const { radius, depth, top, bottom, coils, wire, colour } = options;
  const steps = Math.round(coils * 36);
  const segments: { front: boolean; points: [number, number][] }[] = [];
  for (let i = 0; i <= steps; i += 1) {
    const t = (i / steps) * coils * 2 * Math.PI;
    const point: [number, number] = [
      radius * Math.sin(t),
      top + ((bottom - top) * i) / steps + depth * Math.cos(t),
    ];
    const front = Math.cos(t) >= 0;
    const last = segments.at(-1);
    if (last?.front === front) last.points.push(point);
    else {
      const previous = last?.points.at(-1);
      segments.push({ front, points: previous ? [previous, point] : [point] });
    }
  }
  const path = (points: [number, number][]) =>
    points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${n(x)} ${n(y)}`).join('');
  const stroke = (d: string, paintColour: string, width: number, extra = '') =>
    `<path d="${d}" fill="none" stroke="${paintColour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`;
  const back = segments
    .filter((s) => !s.front)
    .map((s) => stroke(path(s.points), darken(colour, 0.55), wire))
    .join('');
  const front = segments
    .filter((s) => s.front)
    .map(
      (s) =>
        stroke(path(s.points), darken(colour, 0.25), wire) +
        stroke(path(s.points), colour, wire * 0.62) +
        stroke(
          path(s.points),
          lighten(colour, 0.55),
          wire * 0.18,
          ' transform="translate(0 -4)" opacity="0.85"',
        ),
    )
    .join('');
  return { back, front };
}

// ---------------------------------------------------------------------------------------------
// The studio

export type Backdrop = 'cool' | 'warm' | 'neutral';

const BACKDROPS: Record<Backdrop, readonly [string, string, string]> = {
  cool: ['#fbfcfd', '#e7ebef', '#c9d0d7'],
  warm: ['#fdfcfa', '#eeebe5', '#d3cdc3'],
  neutral: ['#fdfdfd', '#ebebeb', '#cdcdcd'],
};

interface Pose {
  backdrop: Backdrop;
  /** Degrees, clockwise. */
  angle?: number;
  /** Mirrored left to right (the other side's part). */
  mirror?: boolean;
  /** Below 1: the part is shown smaller than the frame allows. */
  scale?: number;
}

/** The largest the part is drawn: most of the frame, with room for its shadow. */
const FILL_WIDTH = 960;
const FILL_HEIGHT = 640;

/** A seamless studio backdrop: lit in the middle, the floor a little darker towards the camera. */
function backdropSvg(backdrop: Backdrop): string {
  const [light, mid, dark] = BACKDROPS[backdrop];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" viewBox="0 0 ${PHOTO_WIDTH} ${PHOTO_HEIGHT}">
<defs>
${radial(
  'bg',
  [
    [0, light],
    [0.55, mid],
    [1, dark],
  ],
  0.5,
  0.36,
  0.85,
)}
${linear('floor', [
  [0, '#000000', 0],
  [0.62, '#000000', 0],
  [1, '#000000', 0.08],
])}
</defs>
<rect width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" fill="url(#bg)"/>
<rect width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" fill="url(#floor)"/>
</svg>`;
}

/** The motif in the studio, as large as the frame allows, with its floor shadow. */
function studio(motif: Motif, pose: Pose): Shot {
  const [left, top, right, bottom] = motif.box;
  const scale = Math.min(FILL_WIDTH / (right - left), FILL_HEIGHT / (bottom - top)) * (pose.scale ?? 1);
  const flip = pose.mirror ? -1 : 1;
  // The middle of the part on the middle of the frame, a little above it (the floor is below).
  const cx = PHOTO_WIDTH / 2 - ((left + right) / 2) * scale * flip;
  const cy = 425 - ((top + bottom) / 2) * scale;
  const shadowY = 425 + ((bottom - top) / 2) * scale + 6;
  const shadowRx = ((right - left) / 2) * scale;
  const content = `<defs>
${radial('s-shadow', [
  [0, '#000000', 0.42],
  [0.55, '#000000', 0.16],
  [1, '#000000', 0],
])}
${BOLT_DEFS}
${motif.defs}
</defs>
<ellipse cx="${PHOTO_WIDTH / 2}" cy="${n(shadowY)}" rx="${n(shadowRx)}" ry="${n(Math.max(24, shadowRx * 0.09))}" fill="url(#s-shadow)"/>
<g transform="rotate(${pose.angle ?? 0} ${PHOTO_WIDTH / 2} 425) translate(${n(cx)} ${n(cy)}) scale(${n(scale * flip)} ${n(scale)})">
${motif.body}
</g>`;
  return { backdrop: pose.backdrop, content };
}

// ---------------------------------------------------------------------------------------------
// Carrozzeria

function door(colour: string): Motif {
  const outline =
    'M-318 -30 L-168 -232 C-150 -254 -120 -262 -84 -262 L292 -262 C318 -262 334 -246 334 -220 L338 196 C338 228 320 246 290 246 L-280 246 C-312 246 -330 226 -332 196 Z';
  const glass =
    'M-270 -40 L-150 -206 C-136 -224 -114 -230 -88 -230 L286 -230 C298 -230 304 -222 304 -210 L302 -44 Z';
  return {
    defs: `${paint('paint', colour)}
${linear(
  'glass',
  [
    [0, '#5d6f80'],
    [0.45, '#27333e'],
    [1, '#0d1217'],
  ],
  0,
  0,
  0.3,
  1,
)}
${linear(
  'glare',
  [
    [0, '#ffffff', 0],
    [0.5, '#ffffff', 0.28],
    [1, '#ffffff', 0],
  ],
  0,
  0,
  1,
  0,
)}
${steel('chrome')}`,
    body: `<path d="${outline}" transform="translate(16 10)" fill="${darken(colour, 0.6)}"/>
<path d="${outline}" fill="url(#paint)"/>
<path d="M-318 -30 L302 -44 L302 -36 L-324 -22 Z" fill="#121417"/>
<path d="${glass}" fill="#101214" transform="translate(-4 -4) scale(1.012)"/>
<path d="${glass}" fill="url(#glass)"/>
<path d="M-60 -230 L40 -230 L-120 -44 L-220 -42 Z" fill="url(#glare)"/>
<path d="M110 -230 L150 -230 L0 -45 L-40 -44 Z" fill="url(#glare)" opacity="0.6"/>
<path d="M-270 -40 L-216 -114 L-192 -42 Z" fill="#16181b"/>
<path d="M-330 72 C-120 64 120 58 338 52" fill="none" stroke="${lighten(colour, 0.45)}" stroke-width="4" opacity="0.8"/>
<path d="M-330 78 C-120 70 120 64 338 58" fill="none" stroke="${darken(colour, 0.45)}" stroke-width="4" opacity="0.7"/>
<ellipse cx="210" cy="22" rx="70" ry="20" fill="#000000" opacity="0.28"/>
<rect x="150" y="2" width="120" height="26" rx="13" fill="url(#chrome)" stroke="#00000044" stroke-width="2"/>
<circle cx="126" cy="15" r="9" fill="url(#chrome)" stroke="#00000055" stroke-width="2"/>
<path d="M338 -220 L338 196" stroke="${darken(colour, 0.3)}" stroke-width="6"/>`,
    box: [-338, -262, 354, 256],
  };
}

function mirror(colour: string): Motif {
  const housing =
    'M-250 -128 C-180 -186 170 -190 250 -132 C300 -94 306 92 254 136 C180 186 -190 178 -256 124 C-306 80 -302 -86 -250 -128 Z';
  const glass =
    'M-214 -100 C-150 -146 150 -150 214 -104 C250 -76 254 72 216 102 C150 142 -160 138 -218 98 C-254 66 -252 -72 -214 -100 Z';
  return {
    defs: `${paint('paint', colour)}
${plastic('arm', '#26292d')}
${linear(
  'sky',
  [
    [0, '#dfe8ef'],
    [0.5, '#9fb2c2'],
    [0.52, '#7a8a78'],
    [1, '#4f5a4e'],
  ],
  0,
  0,
  0.15,
  1,
)}
${linear(
  'glare',
  [
    [0, '#ffffff', 0.55],
    [1, '#ffffff', 0],
  ],
  0,
  0,
  1,
  1,
)}
${linear('amber', [
  [0, '#ffd27a'],
  [1, '#e08a12'],
])}`,
    body: `<path d="M-250 40 L-372 98 L-376 212 L-250 212 L-196 128 Z" fill="url(#arm)"/>
<rect x="-392" y="200" width="156" height="30" rx="8" fill="#1c1e21"/>
<path d="${housing}" transform="translate(14 14)" fill="${darken(colour, 0.65)}"/>
<path d="${housing}" fill="url(#paint)"/>
<path d="${glass}" fill="#15171a" transform="translate(-3 -3) scale(1.02)"/>
<path d="${glass}" fill="url(#sky)"/>
<path d="M-200 -92 C-130 -132 -20 -138 40 -136 L-140 110 C-170 108 -200 100 -216 92 C-248 60 -246 -70 -200 -92 Z" fill="url(#glare)"/>
<path d="M-150 168 C-60 178 80 178 170 164 L176 150 C80 166 -60 166 -150 156 Z" fill="url(#amber)"/>`,
    box: [-392, -190, 320, 230],
  };
}

function bumper(colour: string): Motif {
  const outline =
    'M-400 -112 C-300 -152 300 -152 400 -112 C424 -40 414 62 382 120 C364 150 334 162 292 162 L-292 162 C-334 162 -364 150 -382 120 C-414 62 -424 -40 -400 -112 Z';
  const fog = (x: number) => `<ellipse cx="${x}" cy="84" rx="62" ry="44" fill="#121416"/>
<circle cx="${x}" cy="84" r="32" fill="url(#lens)" stroke="url(#chrome)" stroke-width="6"/>
<ellipse cx="${x - 10}" cy="74" rx="12" ry="7" fill="#ffffff" opacity="0.7"/>`;
  return {
    defs: `${paint('paint', colour)}
${steel('chrome')}
${radial(
  'lens',
  [
    [0, '#ffffff'],
    [0.4, '#dfe6ec'],
    [1, '#8895a1'],
  ],
  0.5,
  0.5,
  0.5,
  0.35,
  0.3,
)}
<pattern id="honey" width="24" height="14" patternUnits="userSpaceOnUse"><rect width="24" height="14" fill="#15171a"/><path d="M0 7 L6 0 L18 0 L24 7 L18 14 L6 14 Z" fill="#23262a" stroke="#0a0b0c" stroke-width="2"/></pattern>`,
    body: `<path d="${outline}" transform="translate(0 14)" fill="${darken(colour, 0.6)}"/>
<path d="${outline}" fill="url(#paint)"/>
<path d="M-396 -104 C-300 -140 300 -140 396 -104" fill="none" stroke="${lighten(colour, 0.6)}" stroke-width="5" opacity="0.7"/>
<rect x="-170" y="-104" width="340" height="50" rx="20" fill="#16181b"/>
${[0, 1, 2].map((i) => `<rect x="-158" y="${-96 + i * 15}" width="316" height="6" rx="3" fill="url(#chrome)"/>`).join('')}
<rect x="-120" y="-36" width="240" height="54" rx="6" fill="${darken(colour, 0.12)}" stroke="${darken(colour, 0.35)}" stroke-width="3"/>
<path d="M-200 36 L200 36 L176 138 L-176 138 Z" fill="url(#honey)" stroke="#0d0e10" stroke-width="6" stroke-linejoin="round"/>
${fog(-300)}${fog(300)}`,
    box: [-420, -152, 420, 176],
  };
}

// ---------------------------------------------------------------------------------------------
// Motore

function alternator(): Motif {
  const slots = around(
    10,
    (
      _,
      a,
    ) => `<path d="${sector(0, 0, 118, 186, a - 10, a + 10)}" fill="url(#slot)" stroke="#00000066" stroke-width="2"/>
<path d="${sector(0, 0, 150, 164, a - 8, a + 8)}" fill="#b8733a" opacity="0.85"/>`,
    18,
  );
  const grooves = [80, 72, 64, 56]
    .map(
      (r, i) => `<circle r="${r}" fill="none" stroke="${i % 2 ? '#5b6268' : '#eef1f3'}" stroke-width="4"/>`,
    )
    .join('');
  return {
    defs: `${cast('cast')}
${steel('steel', 1, 1)}
${radial('slot', [
  [0, '#3a3d40'],
  [1, '#101112'],
])}`,
    body: `<path d="M-150 -120 L-250 -226 A40 40 0 0 1 -194 -264 L-96 -176 Z" fill="url(#cast)" stroke="#6f716b" stroke-width="3"/>
<circle cx="-222" cy="-242" r="16" fill="#3b3d3f"/>
<path d="M150 120 L250 226 A40 40 0 0 1 194 264 L96 176 Z" fill="url(#cast)" stroke="#6f716b" stroke-width="3"/>
<circle cx="222" cy="242" r="16" fill="#3b3d3f"/>
<circle r="218" fill="#6c6e68" transform="translate(10 12)"/>
<circle r="216" fill="url(#cast)" stroke="#7c7e78" stroke-width="4"/>
<circle r="196" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.35"/>
${slots}
${around(4, (_, a) => bolt(...polar(0, 0, 202, a), 12), 45)}
<circle r="92" fill="#00000055" transform="translate(6 8)"/>
<circle r="88" fill="url(#steel)"/>
${grooves}
<circle r="42" fill="#6f767c"/>
${hexagon(0, 0, 26, 'url(#steel)')}
<circle r="9" fill="#2b2e31"/>`,
    box: [-262, -270, 262, 270],
  };
}

function turbo(): Motif {
  const blades = around(
    9,
    (_, a) => {
      const [x1, y1] = polar(-60, 30, 22, a);
      const [x2, y2] = polar(-60, 30, 62, a + 28);
      const [x3, y3] = polar(-60, 30, 86, a + 62);
      return `<path d="M${n(x1)} ${n(y1)} Q${n(x2)} ${n(y2)} ${n(x3)} ${n(y3)}" fill="none" stroke="url(#blade)" stroke-width="9" stroke-linecap="round"/>`;
    },
    0,
  );
  return {
    defs: `${cast('cast')}
${radial(
  'iron',
  [
    [0, '#8a7b70'],
    [0.6, '#5b4f47'],
    [1, '#2f2925'],
  ],
  0.45,
  0.4,
  0.7,
  0.3,
  0.3,
)}
${steel('pipe')}
${linearAt(
  'blade',
  [
    [0, '#f3f5f6'],
    [1, '#98a0a6'],
  ],
  -150,
  -60,
  30,
  120,
)}
${radial('throat', [
  [0, '#2a2d30'],
  [1, '#0c0d0e'],
])}
${linear('gold', [
  [0, '#e9d18a'],
  [1, '#9d7d2e'],
])}`,
    body: `<circle cx="130" cy="96" r="156" fill="url(#iron)" stroke="#2b2522" stroke-width="4"/>
<circle cx="130" cy="96" r="70" fill="#221e1b"/>
<circle cx="130" cy="96" r="40" fill="#4a403a"/>
<rect x="24" y="-10" width="90" height="120" rx="16" fill="url(#pipe)" stroke="#596066" stroke-width="3"/>
<path d="M-60 -150 L232 -150 L232 -60 L100 -60 C110 60 40 200 -60 200 C-160 200 -230 120 -230 30 C-230 -70 -160 -150 -60 -150 Z" fill="url(#cast)" stroke="#72746e" stroke-width="4"/>
<ellipse cx="236" cy="-105" rx="22" ry="58" fill="url(#cast)" stroke="#72746e" stroke-width="4"/>
<ellipse cx="240" cy="-105" rx="12" ry="38" fill="#1b1c1d"/>
<circle cx="-60" cy="30" r="112" fill="url(#cast)" stroke="#ffffff" stroke-opacity="0.45" stroke-width="6"/>
<circle cx="-60" cy="30" r="94" fill="url(#throat)"/>
${blades}
<circle cx="-60" cy="30" r="24" fill="url(#pipe)" stroke="#4b5157" stroke-width="3"/>
${hexagon(-60, 30, 10, '#c9ced2')}
<circle cx="-230" cy="196" r="52" fill="url(#gold)" stroke="#7a6125" stroke-width="4"/>
<rect x="-190" y="186" width="120" height="12" rx="6" fill="url(#pipe)"/>
${bolt(-140, -110)}${bolt(40, 160)}`,
    box: [-290, -160, 286, 250],
  };
}

function engine(cover: string): Motif {
  const coils = [-210, -70, 70, 210]
    .map(
      (x) => `<rect x="${x - 34}" y="-206" width="68" height="96" rx="10" fill="url(#coil)"/>
<rect x="${x - 22}" y="-226" width="44" height="28" rx="6" fill="#3d4146"/>
<rect x="${x - 10}" y="-236" width="20" height="14" rx="3" fill="#c9a43c"/>`,
    )
    .join('');
  const ribs = [-92, -72, -52]
    .map(
      (y) =>
        `<path d="M-280 ${y} L280 ${y}" stroke="${lighten(cover, 0.35)}" stroke-width="4" opacity="0.55"/>`,
    )
    .join('');
  const coverBolts = [-290, -150, 0, 150, 290].map((x) => bolt(x, 28, 11)).join('');
  const ports = [-240, -80, 80, 240]
    .map(
      (x) => `<ellipse cx="${x}" cy="112" rx="46" ry="30" fill="#26282a" stroke="#6f716b" stroke-width="4"/>`,
    )
    .join('');
  return {
    defs: `${paint('cover', cover)}
${cast('head')}
${plastic('coil', '#2a2d31')}
${linear('block', [
  [0, '#707478'],
  [1, '#3e4144'],
])}
${linear('cap', [
  [0, '#ffd84a'],
  [1, '#c79a0c'],
])}`,
    body: `<path d="M-318 170 L318 170 L296 260 L-296 260 Z" fill="url(#block)" stroke="#33363a" stroke-width="4"/>
${[-220, -110, 0, 110, 220].map((x) => `<circle cx="${x}" cy="215" r="12" fill="#2b2d30"/>`).join('')}
<path d="M-344 40 L344 40 L326 172 L-326 172 Z" fill="url(#head)" stroke="#6f716b" stroke-width="4"/>
${ports}
<path d="M-330 40 L-312 -100 C-306 -128 -284 -142 -252 -142 L252 -142 C284 -142 306 -128 312 -100 L330 40 Z" fill="url(#cover)" stroke="${darken(cover, 0.5)}" stroke-width="4"/>
${ribs}
<rect x="-336" y="32" width="672" height="12" fill="#1b1c1e"/>
${coverBolts}
${coils}
<circle cx="-280" cy="-88" r="30" fill="url(#cap)" stroke="#6b5205" stroke-width="4"/>
<rect x="-298" y="-92" width="36" height="8" rx="4" fill="#6b5205"/>`,
    box: [-344, -236, 344, 260],
  };
}

// ---------------------------------------------------------------------------------------------
// Elettronica

function ecu(metal: boolean): Motif {
  const top = metal ? '#dfe3e6' : '#3a3e43';
  const front = metal ? '#a9b0b6' : '#24272b';
  const side = metal ? '#868d93' : '#17191c';
  // The box in isometric-ish projection: the top face maps a 520 × 150 rectangle.
  const topFace = 'matrix(1 -0.096 0.72 0.72 -300 -120)';
  const frontFace = 'matrix(1 -0.096 0 1 -192 -12)';
  const ribs = Array.from(
    { length: 9 },
    (_, i) => `<rect x="20" y="${12 + i * 14}" width="300" height="6" rx="3" fill="${darken(top, 0.22)}"/>`,
  ).join('');
  const barcode = Array.from(
    { length: 22 },
    (_, i) => `<rect x="${372 + i * 5}" y="26" width="${i % 3 === 0 ? 3 : 1.5}" height="40" fill="#222"/>`,
  ).join('');
  const pins = (x: number, w: number) =>
    Array.from({ length: Math.floor(w / 14) }, (_, i) =>
      [0, 1]
        .map(
          (row) => `<rect x="${x + 8 + i * 14}" y="${40 + row * 18}" width="7" height="9" fill="#b98f2f"/>`,
        )
        .join(''),
    ).join('');
  return {
    defs: `${linear('top', [
      [0, lighten(top, 0.3)],
      [1, top],
    ])}
${linear('front', [
  [0, front],
  [1, darken(front, 0.3)],
])}
${plastic('plug', '#1e2023')}`,
    body: `<path d="M-300 -120 L-192 -12 L-192 98 L-300 -12 Z" fill="${side}"/>
<g transform="${frontFace}"><rect width="520" height="110" fill="url(#front)"/>
<rect x="30" y="18" width="200" height="72" rx="8" fill="url(#plug)" stroke="#000" stroke-width="2"/>${pins(30, 200)}
<rect x="260" y="18" width="170" height="72" rx="8" fill="url(#plug)" stroke="#000" stroke-width="2"/>${pins(260, 170)}
<rect x="60" y="6" width="140" height="12" rx="4" fill="#3b3f44"/><rect x="290" y="6" width="110" height="12" rx="4" fill="#3b3f44"/>
<circle cx="480" cy="55" r="12" fill="#55595e"/></g>
<g transform="${topFace}"><rect width="520" height="150" fill="url(#top)" stroke="${darken(top, 0.3)}" stroke-width="2"/>
${ribs}
<rect x="356" y="14" width="146" height="84" rx="4" fill="#f7f7f2" stroke="#c9c9c0" stroke-width="1.5"/>${barcode}
<rect x="372" y="74" width="80" height="6" fill="#9a9a92"/><rect x="372" y="86" width="56" height="5" fill="#b5b5ad"/>
${[
  [10, 10],
  [505, 10],
  [10, 138],
  [505, 138],
]
  .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="6" fill="${darken(top, 0.4)}"/>`)
  .join('')}</g>
<path d="M-300 -120 L220 -170 L328 -62 L-192 -12 Z" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="3"/>`,
    box: [-300, -170, 330, 100],
  };
}

function cluster(glow: string): Motif {
  const dial = (cx: number, needle: number) => {
    const ticks = Array.from({ length: 41 }, (_, i) => {
      const a = 135 + (i * 270) / 40;
      const major = i % 5 === 0;
      const [x1, y1] = polar(cx, 10, major ? 112 : 122, a);
      const [x2, y2] = polar(cx, 10, 136, a);
      return `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${i > 32 && cx > 0 ? '#ff4a3a' : glow}" stroke-width="${major ? 5 : 2.5}"/>`;
    }).join('');
    const [nx, ny] = polar(cx, 10, 118, needle);
    const [bx1, by1] = polar(cx, 10, 8, needle + 90);
    const [bx2, by2] = polar(cx, 10, 8, needle - 90);
    return `<circle cx="${cx}" cy="10" r="160" fill="url(#bezel)"/>
<circle cx="${cx}" cy="10" r="148" fill="url(#face)"/>
${ticks}
<polygon points="${n(bx1)},${n(by1)} ${n(nx)},${n(ny)} ${n(bx2)},${n(by2)}" fill="#ff3b2f"/>
<circle cx="${cx}" cy="10" r="20" fill="#2a2e33" stroke="#6a7077" stroke-width="3"/>`;
  };
  return {
    defs: `${plastic('housing', '#24272b')}
${steel('bezel', 1, 1)}
${radial(
  'face',
  [
    [0, '#20252b'],
    [1, '#07090b'],
  ],
  0.5,
  0.5,
  0.5,
  0.4,
  0.3,
)}
${linear('lcd', [
  [0, lighten(glow, 0.1)],
  [1, darken(glow, 0.45)],
])}
${linear(
  'glare',
  [
    [0, '#ffffff', 0.22],
    [0.5, '#ffffff', 0.05],
    [1, '#ffffff', 0],
  ],
  0,
  0,
  0.6,
  1,
)}`,
    body: `<path d="M-392 -120 C-360 -232 360 -232 392 -120 L392 150 C392 190 362 206 322 206 L-322 206 C-362 206 -392 190 -392 150 Z" fill="url(#housing)" stroke="#0d0e10" stroke-width="4"/>
${dial(-196, 200)}${dial(196, 300)}
<rect x="-48" y="-60" width="96" height="150" rx="10" fill="#0b0d0f" stroke="#4a5057" stroke-width="3"/>
<rect x="-36" y="-46" width="72" height="56" rx="4" fill="url(#lcd)" opacity="0.9"/>
${[0, 1, 2, 3].map((i) => `<rect x="-30" y="${24 + i * 14}" width="${60 - i * 10}" height="8" rx="2" fill="${glow}" opacity="0.75"/>`).join('')}
<circle cx="-90" cy="150" r="9" fill="#35d06a"/><circle cx="90" cy="150" r="9" fill="#ffb020"/><circle cx="0" cy="160" r="9" fill="#ff4a3a"/>
<path d="M-380 -120 C-340 -222 340 -222 380 -120 L380 -40 C160 -110 -160 -60 -380 40 Z" fill="url(#glare)"/>`,
    box: [-392, -200, 392, 206],
  };
}

// ---------------------------------------------------------------------------------------------
// Sospensioni

function strut(springColour: string | null, bodyColour: string): Motif {
  const spring = springColour
    ? helix({ radius: 92, depth: 22, top: -190, bottom: 60, coils: 5.5, wire: 22, colour: springColour })
    : { back: '', front: '' };
  const seat = (y: number) =>
    `<ellipse cx="0" cy="${y}" rx="104" ry="24" fill="url(#seat)" stroke="#3c4247" stroke-width="3"/>`;
  return {
    defs: `${linear(
      'body',
      [
        [0, darken(bodyColour, 0.5)],
        [0.35, lighten(bodyColour, 0.35)],
        [0.6, bodyColour],
        [1, darken(bodyColour, 0.6)],
      ],
      0,
      0,
      1,
      0,
    )}
${linear(
  'rod',
  [
    [0, '#8c949b'],
    [0.4, '#ffffff'],
    [1, '#6d747a'],
  ],
  0,
  0,
  1,
  0,
)}
${linear('seat', [
  [0, '#aab2b8'],
  [1, '#4c5358'],
])}
${plastic('mount', '#2a2c2f')}`,
    body: `<rect x="-13" y="-262" width="26" height="50" fill="url(#rod)"/>
<ellipse cx="0" cy="-226" rx="96" ry="26" fill="url(#mount)"/>
${seat(-200)}
${spring.back}
<rect x="-14" y="-204" width="28" height="150" fill="url(#rod)"/>
<rect x="-46" y="-70" width="92" height="300" rx="14" fill="url(#body)"/>
<rect x="-52" y="-78" width="104" height="22" rx="8" fill="url(#seat)"/>
${springColour ? seat(66) : ''}
${spring.front}
<path d="M-60 206 L60 206 L64 282 L-64 282 Z" fill="url(#seat)" stroke="#3c4247" stroke-width="3"/>
<circle cx="-30" cy="246" r="13" fill="#1f2225"/><circle cx="30" cy="246" r="13" fill="#1f2225"/>
<rect x="46" y="120" width="40" height="22" rx="4" fill="url(#seat)"/>`,
    box: [-104, -262, 104, 282],
  };
}

function springOnly(colour: string): Motif {
  const spring = helix({ radius: 150, depth: 40, top: -210, bottom: 210, coils: 6, wire: 34, colour });
  return { defs: '', body: spring.back + spring.front, box: [-170, -250, 170, 250] };
}

function controlArm(): Motif {
  const bush = (
    cx: number,
    cy: number,
    r: number,
  ) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#steelB)" stroke="#2a2d30" stroke-width="3"/>
<circle cx="${cx}" cy="${cy}" r="${r * 0.72}" fill="#1c1d1f"/>
<circle cx="${cx}" cy="${cy}" r="${r * 0.36}" fill="url(#steelB)" stroke="#2a2d30" stroke-width="2"/>
<circle cx="${cx}" cy="${cy}" r="${r * 0.16}" fill="#0e0f10"/>`;
  return {
    defs: `${linear(
      'arm',
      [
        [0, '#5b6066'],
        [0.4, '#2c2f33'],
        [1, '#121315'],
      ],
      0,
      0,
      0.3,
      1,
    )}
${steel('steelB', 1, 1)}
${plastic('boot', '#1d1f22')}`,
    body: `<path d="M-340 -60 C-230 -100 120 -120 240 -190 L316 -120 C210 -40 110 50 92 170 L-20 176 C-20 80 -140 40 -340 50 Z" fill="url(#arm)" stroke="#0b0c0d" stroke-width="4" stroke-linejoin="round"/>
<path d="M-150 -14 C-60 -34 60 -54 150 -94 C90 -30 56 24 46 80 C16 36 -60 8 -150 -14 Z" fill="#000000" opacity="0.2"/>
<path d="M-330 -56 C-220 -94 120 -114 236 -182" fill="none" stroke="#8a9097" stroke-width="4" opacity="0.6"/>
${bush(-336, -4, 66)}
${bush(282, -152, 56)}
<circle cx="36" cy="168" r="54" fill="url(#boot)" stroke="#0b0c0d" stroke-width="3"/>
<circle cx="36" cy="168" r="38" fill="none" stroke="#3a3e43" stroke-width="5"/>
<circle cx="36" cy="168" r="22" fill="url(#steelB)"/>
${hexagon(36, 168, 15, 'url(#steelB)')}`,
    box: [-402, -196, 340, 220],
  };
}

// ---------------------------------------------------------------------------------------------
// Freni

function brakeDisc(caliper: string | null, drilled: boolean): Motif {
  const rings = [160, 178, 196, 214]
    .map(
      (r, i) =>
        `<circle r="${r}" fill="none" stroke="${i % 2 ? '#ffffff' : '#000000'}" stroke-opacity="0.12" stroke-width="3"/>`,
    )
    .join('');
  const holes = drilled
    ? around(
        30,
        (i, a) =>
          `<circle cx="${n(polar(0, 0, [172, 194, 216][i % 3] ?? 190, a)[0])}" cy="${n(polar(0, 0, [172, 194, 216][i % 3] ?? 190, a)[1])}" r="7" fill="#2a2c2e"/>`,
      )
    : '';
  const studs = around(
    5,
    (_, a) =>
      `<circle cx="${n(polar(0, 0, 70, a)[0])}" cy="${n(polar(0, 0, 70, a)[1])}" r="15" fill="#1f2123" stroke="#9aa1a7" stroke-width="3"/>`,
    -90,
  );
  const pad = caliper
    ? `<path d="${sector(0, 0, 148, 262, -80, 5)}" fill="url(#caliper)" stroke="${darken(caliper, 0.5)}" stroke-width="5" stroke-linejoin="round"/>
<path d="${sector(0, 0, 176, 238, -68, -8)}" fill="${lighten(caliper, 0.2)}" opacity="0.35"/>
${bolt(...polar(0, 0, 205, -74), 13)}${bolt(...polar(0, 0, 205, -1), 13)}
<circle cx="${n(polar(0, 0, 256, -40)[0])}" cy="${n(polar(0, 0, 256, -40)[1])}" r="12" fill="url(#disc)" stroke="#444" stroke-width="2"/>`
    : '';
  return {
    defs: `${linear(
      'disc',
      [
        [0, '#e9ecee'],
        [0.35, '#a7aeb4'],
        [0.55, '#dfe3e6'],
        [0.8, '#8b9298'],
        [1, '#bfc5ca'],
      ],
      0,
      0,
      1,
      1,
    )}
${radial(
  'hat',
  [
    [0, '#8a8f94'],
    [1, '#4b4f54'],
  ],
  0.5,
  0.5,
  0.5,
  0.35,
  0.35,
)}
${caliper ? paint('caliper', caliper) : ''}`,
    body: `<circle r="236" fill="#4d5257" transform="translate(10 12)"/>
<circle r="234" fill="url(#disc)" stroke="#6a7177" stroke-width="4"/>
${rings}${holes}
<circle r="124" fill="url(#hat)" stroke="#3a3e42" stroke-width="4"/>
<circle r="104" fill="none" stroke="#ffffff" stroke-opacity="0.2" stroke-width="3"/>
${studs}
<circle r="36" fill="#141516" stroke="#9aa1a7" stroke-width="4"/>
${pad}`,
    box: caliper ? [-236, -262, 262, 246] : [-236, -236, 246, 246],
  };
}

function drum(): Motif {
  const studs = around(
    4,
    (_, a) => {
      const [x, y] = polar(0, 0, 66, a);
      return `<circle cx="${n(x)}" cy="${n(y)}" r="14" fill="url(#stud)" stroke="#2a2c2e" stroke-width="2"/>`;
    },
    45,
  );
  return {
    defs: `${radial(
      'drum',
      [
        [0, '#80858a'],
        [0.7, '#55595d'],
        [1, '#34373a'],
      ],
      0.5,
      0.5,
      0.5,
      0.38,
      0.35,
    )}
${radial(
  'hub',
  [
    [0, '#d3d7da'],
    [1, '#7b8287'],
  ],
  0.5,
  0.5,
  0.5,
  0.35,
  0.3,
)}
${steel('stud', 1, 1)}`,
    body: `<circle r="228" fill="#2f3235" transform="translate(10 12)"/>
<circle r="226" fill="url(#drum)"/>
<circle r="212" fill="none" stroke="#3d4044" stroke-width="26" stroke-dasharray="9 11"/>
<circle r="190" fill="none" stroke="#9ca2a7" stroke-opacity="0.4" stroke-width="4"/>
<circle r="150" fill="none" stroke="#000000" stroke-opacity="0.25" stroke-width="6"/>
<circle r="112" fill="url(#hub)" stroke="#555b60" stroke-width="4"/>
${studs}
<circle r="34" fill="#2a2c2e" stroke="#c7ccd0" stroke-width="5"/>`,
    box: [-228, -228, 238, 240],
  };
}

function booster(): Motif {
  return {
    defs: `${plastic('drum', '#2b2e32')}
${steel('cyl')}
${linear('tank', [
  [0, '#f7f4ea'],
  [1, '#d9d3c1'],
])}
${linear('fluid', [
  [0, '#e8c45a', 0.85],
  [1, '#b38b1a', 0.85],
])}`,
    body: `<ellipse cx="-170" cy="20" rx="84" ry="212" fill="#16181a"/>
<rect x="-170" y="-192" width="96" height="424" fill="url(#drum)"/>
<ellipse cx="-74" cy="20" rx="84" ry="212" fill="url(#drum)" stroke="#0e0f10" stroke-width="4"/>
<ellipse cx="-74" cy="20" rx="56" ry="150" fill="none" stroke="#5a5f65" stroke-width="5"/>
<ellipse cx="-74" cy="20" rx="30" ry="82" fill="none" stroke="#5a5f65" stroke-width="4"/>
<rect x="-300" y="12" width="80" height="16" rx="6" fill="url(#cyl)"/>
<rect x="-20" y="-46" width="320" height="92" rx="20" fill="url(#cyl)" stroke="#6c737a" stroke-width="3"/>
<rect x="-6" y="-58" width="24" height="116" rx="6" fill="url(#cyl)" stroke="#6c737a" stroke-width="3"/>
${bolt(6, -74, 14)}${bolt(6, 74, 14)}
<path d="M60 -50 L60 -170 C60 -186 72 -196 88 -196 L232 -196 C248 -196 260 -186 260 -170 L260 -50 Z" fill="url(#tank)" stroke="#b9b29c" stroke-width="3"/>
<rect x="64" y="-128" width="192" height="76" fill="url(#fluid)"/>
<line x1="70" y1="-128" x2="250" y2="-128" stroke="#8a6a10" stroke-width="3"/>
<rect x="120" y="-226" width="80" height="34" rx="8" fill="#1d1f22"/>
<circle cx="280" cy="24" r="12" fill="#2a2c2e"/><circle cx="200" cy="24" r="12" fill="#2a2c2e"/>`,
    box: [-300, -226, 300, 232],
  };
}

// ---------------------------------------------------------------------------------------------
// Interni

function seat(fabric: string): Motif {
  const insert = darken(fabric, 0.12);
  return {
    defs: `${linear(
      'fabric',
      [
        [0, lighten(fabric, 0.18)],
        [0.5, fabric],
        [1, darken(fabric, 0.4)],
      ],
      0,
      0,
      1,
      0.6,
    )}
<pattern id="weave" width="10" height="10" patternUnits="userSpaceOnUse"><rect width="10" height="10" fill="${insert}"/><path d="M0 5 L10 5" stroke="${darken(insert, 0.25)}" stroke-width="2"/></pattern>
${plastic('frame', '#25272a')}
${steel('rail')}`,
    body: `<path d="M150 -18 L200 -334 C206 -368 236 -384 268 -376 L296 -368 C324 -358 334 -332 328 -300 L262 108 C256 136 226 148 198 142 Z" fill="url(#fabric)" stroke="${darken(fabric, 0.5)}" stroke-width="4"/>
<path d="M196 -30 L236 -310 C240 -330 256 -338 274 -332 C290 -326 294 -312 290 -294 L244 40 Z" fill="url(#weave)" stroke="${lighten(fabric, 0.35)}" stroke-width="3" stroke-dasharray="7 6"/>
<rect x="214" y="-424" width="12" height="60" rx="5" fill="url(#rail)" transform="rotate(10 220 -394)"/>
<rect x="280" y="-412" width="12" height="60" rx="5" fill="url(#rail)" transform="rotate(10 286 -382)"/>
<rect x="190" y="-494" width="142" height="84" rx="36" fill="url(#fabric)" stroke="${darken(fabric, 0.5)}" stroke-width="4" transform="rotate(10 260 -452)"/>
<path d="M-272 58 C-282 16 -252 -6 -210 -6 L160 -16 C204 -18 226 16 220 58 L208 112 C202 134 180 146 148 146 L-236 146 C-262 146 -274 126 -272 104 Z" fill="url(#fabric)" stroke="${darken(fabric, 0.5)}" stroke-width="4"/>
<path d="M-210 10 L150 2 C170 2 180 16 176 34 L170 60 L-222 66 C-236 40 -230 12 -210 10 Z" fill="url(#weave)" stroke="${lighten(fabric, 0.35)}" stroke-width="3" stroke-dasharray="7 6"/>
<rect x="-236" y="144" width="414" height="36" rx="8" fill="url(#frame)"/>
<rect x="-262" y="184" width="470" height="16" rx="6" fill="url(#rail)"/>
<path d="M-250 160 C-300 160 -312 196 -290 206" fill="none" stroke="url(#rail)" stroke-width="10" stroke-linecap="round"/>
<circle cx="212" cy="88" r="30" fill="url(#frame)" stroke="#0d0e10" stroke-width="3"/>`,
    box: [-300, -494, 336, 210],
  };
}

function steeringWheel(): Motif {
  const stitches = `<circle r="230" fill="none" stroke="#8b8f94" stroke-width="3" stroke-dasharray="10 8" opacity="0.7"/>`;
  return {
    defs: `${radial(
      'leather',
      [
        [0, '#1d1f22'],
        [0.85, '#2f3237'],
        [0.94, '#4a4f55'],
        [1, '#17181a'],
      ],
      0.5,
      0.5,
      0.5,
      0.45,
      0.4,
    )}
${linear(
  'spoke',
  [
    [0, '#d8dcdf'],
    [0.5, '#8e959b'],
    [1, '#5d6368'],
  ],
  0,
  0,
  0,
  1,
)}
${plastic('hub', '#24272b')}`,
    body: `<g transform="scale(1 0.94)">
<path d="M0 -262 A262 262 0 1 1 -0.1 -262 Z M0 -200 A200 200 0 1 0 0.1 -200 Z" fill="url(#leather)" fill-rule="evenodd" stroke="#0b0c0d" stroke-width="4"/>
${stitches}
<path d="M-200 10 L-96 -6 L-92 44 L-196 70 Z" fill="url(#spoke)"/>
<path d="M200 10 L96 -6 L92 44 L196 70 Z" fill="url(#spoke)"/>
<path d="M-52 90 L52 90 L42 204 L-42 204 Z" fill="url(#spoke)"/>
<path d="M-110 -40 C-110 -96 110 -96 110 -40 L100 70 C96 108 60 124 0 124 C-60 124 -96 108 -100 70 Z" fill="url(#hub)" stroke="#0d0e10" stroke-width="4"/>
<ellipse cx="0" cy="-2" rx="44" ry="28" fill="none" stroke="#aab1b7" stroke-width="6"/>
<path d="M-96 -60 C-60 -84 60 -84 96 -60" fill="none" stroke="#ffffff" stroke-opacity="0.18" stroke-width="6"/>
</g>`,
    box: [-262, -246, 262, 246],
  };
}

// ---------------------------------------------------------------------------------------------
// Illuminazione

function headlight(): Motif {
  const outline =
    'M-362 -40 C-330 -120 -180 -172 40 -176 L300 -172 C352 -170 374 -140 362 -100 L302 110 C292 140 264 152 232 152 L-290 152 C-336 152 -364 124 -364 84 Z';
  return {
    defs: `${plastic('housing', '#1f2226')}
${linear(
  'chrome',
  [
    [0, '#fbfcfd'],
    [0.3, '#c3c9ce'],
    [0.55, '#f1f3f5'],
    [1, '#8e959b'],
  ],
  0,
  0,
  0.3,
  1,
)}
${radial(
  'bowl',
  [
    [0, '#ffffff'],
    [0.45, '#d9dee2'],
    [0.8, '#9aa2a9'],
    [1, '#eef1f3'],
  ],
  0.5,
  0.5,
  0.5,
  0.4,
  0.35,
)}
${radial(
  'lens',
  [
    [0, '#8ea3b5'],
    [0.35, '#2b3845'],
    [1, '#06090c'],
  ],
  0.5,
  0.5,
  0.5,
  0.35,
  0.3,
)}
${linear('amber', [
  [0, '#ffcf70'],
  [1, '#e08406'],
])}
${linear(
  'glare',
  [
    [0, '#ffffff', 0.6],
    [1, '#ffffff', 0],
  ],
  0,
  0,
  0.6,
  1,
)}
<clipPath id="inside"><path d="${outline}"/></clipPath>`,
    body: `<rect x="-250" y="140" width="70" height="40" rx="10" fill="#1a1c1f"/><circle cx="-215" cy="162" r="10" fill="#50555b"/>
<rect x="200" y="140" width="70" height="40" rx="10" fill="#1a1c1f"/><circle cx="235" cy="162" r="10" fill="#50555b"/>
<path d="${outline}" transform="translate(18 20)" fill="url(#housing)"/>
<path d="${outline}" fill="url(#chrome)"/>
<g clip-path="url(#inside)">
<path d="M250 -180 L380 -180 L320 160 L190 160 Z" fill="url(#amber)"/>
<path d="M240 -180 L190 160" stroke="#1b1d20" stroke-width="8"/>
<circle cx="-180" cy="14" r="124" fill="url(#bowl)" stroke="#8d959c" stroke-width="3"/>
<circle cx="-180" cy="14" r="70" fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="4"/>
<circle cx="-180" cy="14" r="22" fill="#e9edf0" stroke="#7c848b" stroke-width="3"/>
<circle cx="80" cy="10" r="100" fill="url(#bowl)"/>
<circle cx="80" cy="10" r="78" fill="#2c3035" stroke="url(#chrome)" stroke-width="8"/>
<circle cx="80" cy="10" r="66" fill="url(#lens)"/>
<ellipse cx="58" cy="-14" rx="20" ry="12" fill="#ffffff" opacity="0.8"/>
<path d="M-330 -62 C-268 -124 -120 -152 60 -154 L230 -150" fill="none" stroke="#bfe6ff" stroke-opacity="0.35" stroke-width="30" stroke-linecap="round"/>
<path d="M-330 -62 C-268 -124 -120 -152 60 -154 L230 -150" fill="none" stroke="#f4fbff" stroke-width="11" stroke-linecap="round"/>
<path d="M-370 -180 L40 -180 C-80 -60 -200 40 -370 120 Z" fill="url(#glare)"/>
</g>
<path d="${outline}" fill="none" stroke="#16181b" stroke-width="7" stroke-linejoin="round"/>`,
    box: [-364, -176, 380, 180],
  };
}

function taillight(): Motif {
  const outline =
    'M-384 -118 L300 -150 C352 -152 382 -120 374 -80 L332 118 C324 148 302 160 270 160 L-374 92 C-398 88 -404 62 -398 40 Z';
  return {
    defs: `${linear('red', [
      [0, '#ff5a55'],
      [0.45, '#c4151d'],
      [1, '#5e070c'],
    ])}
${linear('amber', [
  [0, '#ffc35c'],
  [1, '#d06f06'],
])}
${linear('clear', [
  [0, '#ffffff'],
  [1, '#b9c0c6'],
])}
${plastic('housing', '#1d1f22')}
${linear(
  'glare',
  [
    [0, '#ffffff', 0.55],
    [1, '#ffffff', 0],
  ],
  0,
  0,
  0.4,
  1,
)}
<clipPath id="inside"><path d="${outline}"/></clipPath>`,
    body: `<path d="${outline}" transform="translate(16 18)" fill="url(#housing)"/>
<path d="${outline}" fill="url(#red)"/>
<g clip-path="url(#inside)">
<path d="M-400 -10 L90 -30 L80 40 L-400 50 Z" fill="url(#amber)"/>
<path d="M90 -160 L400 -160 L400 160 L60 160 Z" fill="url(#red)"/>
<path d="M-140 50 L70 40 L56 150 L-160 120 Z" fill="url(#clear)"/>
<path d="M-400 -10 L90 -30 M-400 50 L80 40 M90 -160 L56 160" stroke="#3a0406" stroke-width="6"/>
<circle cx="230" cy="0" r="92" fill="none" stroke="#ff8a84" stroke-width="18"/>
<circle cx="230" cy="0" r="92" fill="none" stroke="#ffd9d6" stroke-width="5"/>
<circle cx="230" cy="0" r="52" fill="#8a0a10" stroke="#ff6d66" stroke-width="6"/>
<path d="${Array.from({ length: 40 }, (_, i) => `M-420 ${-166 + i * 8}h840`).join('')}" stroke="#ffffff" stroke-opacity="0.08" stroke-width="4"/>
<path d="M-400 -160 L200 -160 C40 -100 -160 -40 -400 10 Z" fill="url(#glare)"/>
</g>
<path d="${outline}" fill="none" stroke="#2a0305" stroke-width="7" stroke-linejoin="round"/>`,
    box: [-404, -152, 390, 178],
  };
}

// ---------------------------------------------------------------------------------------------
// Trasmissione

function gearbox(): Motif {
  const rim = around(10, (_, a) => bolt(...polar(-170, 20, 214, a), 11), -90);
  return {
    defs: `${cast('cast')}
${linear(
  'case',
  [
    [0, '#e3e3df'],
    [0.5, '#b3b4ae'],
    [1, '#787a73'],
  ],
  0,
  0,
  0,
  1,
)}
${plastic('seal', '#1e2023')}
${steel('shaft')}`,
    body: `<circle cx="-170" cy="20" r="232" fill="#74766f" transform="translate(8 10)"/>
<path d="M-170 -212 A232 232 0 0 0 -170 252 L40 200 L40 -160 Z" fill="url(#cast)" stroke="#6b6d66" stroke-width="4"/>
${rim}
<path d="M20 -170 L300 -130 C330 -126 346 -104 346 -76 L346 120 C346 150 326 170 296 172 L20 200 Z" fill="url(#case)" stroke="#6b6d66" stroke-width="4"/>
${[70, 130, 190, 250, 300].map((x) => `<path d="M${x} ${-156 + (x - 20) * 0.13} L${x} ${190 - (x - 20) * 0.08}" stroke="#ffffff" stroke-opacity="0.35" stroke-width="6"/><path d="M${x + 6} ${-156 + (x - 20) * 0.13} L${x + 6} ${190 - (x - 20) * 0.08}" stroke="#000000" stroke-opacity="0.18" stroke-width="4"/>`).join('')}
<rect x="110" y="-214" width="140" height="64" rx="12" fill="url(#case)" stroke="#6b6d66" stroke-width="3"/>
<rect x="150" y="-262" width="22" height="56" rx="6" fill="url(#shaft)"/><rect x="196" y="-250" width="22" height="44" rx="6" fill="url(#shaft)"/>
<circle cx="180" cy="100" r="54" fill="url(#seal)" stroke="#0d0e10" stroke-width="3"/>
<circle cx="180" cy="100" r="28" fill="url(#shaft)"/>
<circle cx="-170" cy="20" r="60" fill="#4d4f4b"/>
<circle cx="-170" cy="20" r="30" fill="url(#shaft)"/>`,
    box: [-402, -262, 346, 262],
  };
}

function driveshaft(): Motif {
  const boot = (x: number, direction: 1 | -1) => {
    const folds = Array.from({ length: 5 }, (_, i) => {
      const r = 62 - i * 8;
      return `<ellipse cx="${x + direction * (10 + i * 20)}" cy="0" rx="14" ry="${r}" fill="url(#rubber)" stroke="#0c0d0e" stroke-width="2"/>`;
    });
    return (direction === 1 ? folds.reverse() : folds).join('');
  };
  return {
    defs: `${linear('shaft', [
      [0, '#6a7076'],
      [0.4, '#c2c8cc'],
      [1, '#2f3336'],
    ])}
${steel('joint')}
${linear('rubber', [
  [0, '#4a4e53'],
  [0.4, '#24272a'],
  [1, '#0e0f10'],
])}`,
    body: `<rect x="-250" y="-15" width="520" height="30" rx="6" fill="url(#shaft)"/>
<rect x="-40" y="-30" width="80" height="60" rx="10" fill="#2a2d30"/>
<rect x="-400" y="-74" width="106" height="148" rx="24" fill="url(#joint)" stroke="#5f666c" stroke-width="3"/>
<rect x="-430" y="-26" width="40" height="52" rx="6" fill="url(#joint)"/>
${boot(-300, 1)}
<rect x="-300" y="-66" width="12" height="132" rx="4" fill="url(#joint)"/>
${boot(296, -1)}
<path d="M300 -82 C360 -82 388 -50 388 0 C388 50 360 82 300 82 Z" fill="url(#joint)" stroke="#5f666c" stroke-width="3"/>
<rect x="294" y="-70" width="12" height="140" rx="4" fill="url(#joint)"/>
<rect x="384" y="-26" width="62" height="52" fill="url(#joint)"/>
${Array.from({ length: 6 }, (_, i) => `<line x1="${388 + i * 8}" y1="-26" x2="${388 + i * 8}" y2="26" stroke="#6c7379" stroke-width="2"/>`).join('')}
<rect x="446" y="-16" width="26" height="32" rx="3" fill="url(#joint)"/>`,
    box: [-430, -82, 472, 82],
  };
}

function clutch(): Motif {
  const fingers = around(
    18,
    (_, a) => `<path d="${sector(0, 0, 58, 150, a - 7, a + 7)}" fill="url(#spring)"/>`,
  );
  const windows = around(
    3,
    (_, a) => `<path d="${sector(0, 0, 164, 206, a - 18, a + 18)}" fill="#2b2e31"/>`,
    30,
  );
  const rivets = around(16, (_, a) => {
    const [x, y] = polar(-120, 90, 176, a);
    return `<circle cx="${n(x)}" cy="${n(y)}" r="6" fill="#c9b9a0"/>`;
  });
  return {
    defs: `${radial(
      'friction',
      [
        [0.6, '#4a4440'],
        [0.8, '#7c7168'],
        [1, '#534b45'],
      ],
      0.5,
      0.5,
      0.5,
    )}
${steel('cover', 1, 1)}
${linear(
  'spring',
  [
    [0, '#5b6b7a'],
    [1, '#263039'],
  ],
  0,
  0,
  1,
  1,
)}`,
    body: `<circle cx="-120" cy="90" r="196" fill="url(#friction)" stroke="#2b2623" stroke-width="4"/>
${rivets}
<circle cx="-120" cy="90" r="118" fill="#9aa1a7"/>
<circle cx="110" cy="-40" r="246" fill="#44494e" transform="translate(8 10)"/>
<g transform="translate(110 -40)">
<circle r="244" fill="url(#cover)" stroke="#596066" stroke-width="4"/>
${windows}
${around(6, (_, a) => `<circle cx="${n(polar(0, 0, 226, a)[0])}" cy="${n(polar(0, 0, 226, a)[1])}" r="10" fill="#2b2e31"/>`, 0)}
<circle r="160" fill="#303438"/>
${fingers}
<circle r="56" fill="#141516" stroke="#9aa1a7" stroke-width="4"/>
</g>`,
    box: [-316, -284, 354, 286],
  };
}

// ---------------------------------------------------------------------------------------------
// Raffreddamento

function radiator(): Motif {
  return {
    defs: `${linear(
      'sheen',
      [
        [0, '#ffffff', 0.35],
        [0.5, '#ffffff', 0],
        [1, '#000000', 0.25],
      ],
      0,
      0,
      1,
      1,
    )}
${plastic('tank', '#24272b')}
${steel('pipe')}`,
    body: `<rect x="-320" y="-206" width="630" height="412" fill="#596066" transform="translate(12 12)"/>
<rect x="-320" y="-206" width="630" height="412" fill="#b9c1c7"/>
<path d="${Array.from({ length: 90 }, (_, i) => `M${-319 + i * 7} -206v412`).join('')}" stroke="#8b949b" stroke-width="2"/>
<path d="${Array.from({ length: 16 }, (_, i) => `M-320 ${-186 + i * 26}h630`).join('')}" stroke="#6d767d" stroke-width="4"/>
<rect x="-320" y="-206" width="630" height="412" fill="url(#sheen)"/>
<path d="M-380 -224 L-320 -224 L-320 224 L-380 224 C-396 224 -404 214 -404 198 L-404 -198 C-404 -214 -396 -224 -380 -224 Z" fill="url(#tank)"/>
<path d="M310 -224 L370 -224 C386 -224 394 -214 394 -198 L394 198 C394 214 386 224 370 224 L310 224 Z" fill="url(#tank)"/>
<rect x="-470" y="-180" width="76" height="54" rx="10" fill="url(#tank)"/><rect x="-480" y="-172" width="20" height="38" rx="4" fill="#111"/>
<rect x="394" y="120" width="76" height="54" rx="10" fill="url(#tank)"/><rect x="460" y="128" width="20" height="38" rx="4" fill="#111"/>
<circle cx="352" cy="-180" r="24" fill="url(#pipe)" stroke="#333" stroke-width="3"/>
<rect x="-356" y="224" width="24" height="30" rx="4" fill="#1b1d20"/><rect x="334" y="224" width="24" height="30" rx="4" fill="#1b1d20"/>`,
    box: [-480, -224, 480, 254],
  };
}

function fan(blade: string): Motif {
  const blades = around(
    7,
    (_, a) =>
      `<path d="M0 -60 C60 -120 150 -170 200 -150 C210 -110 170 -60 60 -10 Z" transform="rotate(${a})" fill="url(#blade)" stroke="#0c0d0e" stroke-width="3"/>`,
  );
  return {
    defs: `${plastic('shroud', '#2a2d31')}
${linear(
  'blade',
  [
    [0, lighten(blade, 0.3)],
    [1, darken(blade, 0.4)],
  ],
  0,
  0,
  1,
  1,
)}
${steel('hub', 1, 1)}
${radial('hole', [
  [0, '#1a1c1f'],
  [1, '#070808'],
])}`,
    body: `<rect x="-286" y="-274" width="572" height="548" rx="48" fill="url(#shroud)" stroke="#0d0e10" stroke-width="4"/>
<rect x="-266" y="-254" width="532" height="508" rx="36" fill="none" stroke="#ffffff" stroke-opacity="0.12" stroke-width="4"/>
<circle r="236" fill="url(#hole)"/>
${around(3, (_, a) => `<rect x="0" y="-8" width="240" height="16" fill="#202327" transform="rotate(${a})"/>`, 30)}
${blades}
<circle r="74" fill="#1b1d20" stroke="#4a5057" stroke-width="4"/>
<circle r="40" fill="url(#hub)"/>
<circle r="12" fill="#2b2e31"/>
<path d="M240 -230 C270 -180 290 -150 300 -110" fill="none" stroke="#111" stroke-width="12" stroke-linecap="round"/>
<rect x="282" y="-116" width="40" height="56" rx="8" fill="#3a3e43"/>`,
    box: [-286, -274, 322, 274],
  };
}

// ---------------------------------------------------------------------------------------------
// Scarico

function muffler(): Motif {
  return {
    defs: `${steel('can')}
${steel('pipe')}
${radial(
  'tip',
  [
    [0, '#0b0c0d'],
    [0.7, '#2a2d30'],
    [1, '#f1f3f5'],
  ],
  0.5,
  0.5,
  0.5,
)}`,
    body: `<rect x="-440" y="-52" width="190" height="44" fill="url(#pipe)"/>
<path d="M-440 -52 L-440 -8" stroke="#5d646a" stroke-width="6"/>
<rect x="-300" y="-128" width="520" height="256" rx="112" fill="#50575d" transform="translate(10 12)"/>
<rect x="-300" y="-128" width="520" height="256" rx="112" fill="url(#can)" stroke="#6a7177" stroke-width="4"/>
<path d="M-236 -124 C-256 -80 -256 80 -236 124 M156 -124 C176 -80 176 80 156 124" fill="none" stroke="#5b6268" stroke-width="6"/>
<path d="M-200 -40 L120 -40" stroke="#ffffff" stroke-opacity="0.5" stroke-width="8" stroke-linecap="round"/>
<rect x="200" y="30" width="200" height="50" fill="url(#pipe)"/>
<ellipse cx="400" cy="55" rx="20" ry="38" fill="url(#tip)"/>
<rect x="-60" y="-176" width="12" height="52" fill="url(#pipe)"/>
<ellipse cx="-54" cy="-188" rx="28" ry="18" fill="none" stroke="#1c1e21" stroke-width="12"/>`,
    box: [-440, -206, 420, 140],
  };
}

function catalyst(long: boolean): Motif {
  const half = long ? 250 : 190;
  const flange = (x: number) =>
    `<path d="M${x} -86 L${x + 26} -60 L${x + 26} 60 L${x} 86 L${x - 26} 60 L${x - 26} -60 Z" fill="url(#flange)" stroke="#4b5157" stroke-width="3"/>
<circle cx="${x}" cy="-62" r="9" fill="#26282b"/><circle cx="${x}" cy="62" r="9" fill="#26282b"/>`;
  return {
    defs: `<pattern id="dimples" width="34" height="30" patternUnits="userSpaceOnUse"><circle cx="10" cy="10" r="7" fill="#ffffff" opacity="0.35"/><circle cx="12" cy="12" r="7" fill="#000000" opacity="0.15"/><circle cx="27" cy="25" r="7" fill="#ffffff" opacity="0.35"/><circle cx="29" cy="27" r="7" fill="#000000" opacity="0.15"/></pattern>
${steel('shell')}
${steel('flange', 1, 1)}
${steel('pipe')}`,
    body: `<rect x="${-half - 150}" y="-34" width="80" height="68" fill="url(#pipe)"/>
<rect x="${half + 70}" y="-34" width="80" height="68" fill="url(#pipe)"/>
<path d="M${-half - 80} -40 L${-half} -118 L${half} -118 L${half + 80} -40 L${half + 80} 40 L${half} 118 L${-half} 118 L${-half - 80} 40 Z" fill="#5a6167" transform="translate(10 12)"/>
<path d="M${-half - 80} -40 L${-half} -118 L${half} -118 L${half + 80} -40 L${half + 80} 40 L${half} 118 L${-half} 118 L${-half - 80} 40 Z" fill="url(#shell)" stroke="#656c72" stroke-width="4" stroke-linejoin="round"/>
<rect x="${-half + 20}" y="-106" width="${2 * half - 40}" height="212" rx="30" fill="url(#dimples)" stroke="#ffffff" stroke-opacity="0.3" stroke-width="3"/>
${flange(-half - 150)}${flange(half + 150)}
<g transform="translate(${-half - 40} -78) rotate(-40)"><rect x="-14" y="-70" width="28" height="50" rx="4" fill="#3c4045"/>${hexagon(0, -18, 20, 'url(#flange)')}<path d="M0 -70 C0 -120 40 -150 90 -150" fill="none" stroke="#1b1d1f" stroke-width="8"/></g>
${long ? `<path d="M${half - 60} -118 C${half - 60} -170 ${half} -190 ${half + 60} -190" fill="none" stroke="url(#pipe)" stroke-width="10"/><path d="M${half - 120} -118 C${half - 120} -200 ${half} -220 ${half + 70} -220" fill="none" stroke="url(#pipe)" stroke-width="10"/>` : ''}`,
    box: [-half - 176, long ? -230 : -160, half + 176, 118],
  };
}

function manifold(): Motif {
  const pipes = [-240, -80, 80, 240]
    .map((x, i) => {
      const d = `M${x} -170 C${x} -40 ${x * 0.35} 20 ${(i - 1.5) * 16} 150`;
      return `<path d="${d}" fill="none" stroke="#4b4a52" stroke-width="64" stroke-linecap="round"/>
<path d="${d}" fill="none" stroke="url(#tube)" stroke-width="52" stroke-linecap="round"/>
<path d="${d}" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="10" stroke-linecap="round" transform="translate(-12 0)"/>`;
    })
    .join('');
  const ports =
    [-240, -80, 80, 240]
      .map((x) => `<ellipse cx="${x}" cy="-210" rx="44" ry="22" fill="#1c1b1f"/>`)
      .join('') + [-292, -160, 0, 160, 292].map((x) => bolt(x, -210, 12)).join('');
  return {
    defs: `${linearAt(
      'tube',
      [
        [0, '#c7a77c'],
        [0.35, '#8f7a8c'],
        [0.7, '#5d6e86'],
        [1, '#8d939a'],
      ],
      -300,
      -200,
      300,
      200,
    )}
${steel('flange', 1, 1)}`,
    body: `${pipes}
<rect x="-320" y="-250" width="640" height="80" rx="14" fill="url(#flange)" stroke="#555c62" stroke-width="4"/>
${ports}
<ellipse cx="0" cy="176" rx="110" ry="40" fill="url(#flange)" stroke="#555c62" stroke-width="4"/>
<ellipse cx="0" cy="176" rx="62" ry="20" fill="#1c1b1f"/>`,
    box: [-320, -250, 320, 216],
  };
}

// ---------------------------------------------------------------------------------------------
// The catalogue of photos

function photo(id: string, categoria: string, fits: readonly string[], shoot: () => Shot): DemoPhoto {
  return { id, categoria, fits, shoot };
}

/** The demo's photos, a few per category (see CATEGORIES in demo-catalogue.ts). */
export const DEMO_PHOTOS: readonly DemoPhoto[] = [
  photo('carrozzeria-portiera-rossa', 'Carrozzeria', ['Portiera', 'Maniglia', 'Portellone'], () =>
    studio(door('#b3151b'), { backdrop: 'cool', angle: -2, scale: 0.98 }),
  ),
  photo('carrozzeria-portiera-argento', 'Carrozzeria', ['Portiera', 'Parafango', 'Cofano'], () =>
    studio(door('#9ea6ad'), { backdrop: 'warm', angle: 2, mirror: true, scale: 0.95 }),
  ),
  photo('carrozzeria-specchietto-nero', 'Carrozzeria', ['Specchietto'], () =>
    studio(mirror('#1f2226'), { backdrop: 'neutral', angle: -4 }),
  ),
  photo('carrozzeria-paraurti-bianco', 'Carrozzeria', ['Paraurti'], () =>
    studio(bumper('#e9ebec'), { backdrop: 'cool', scale: 0.96 }),
  ),
  photo('carrozzeria-paraurti-blu', 'Carrozzeria', ['Paraurti', 'Cofano'], () =>
    studio(bumper('#1d3557'), { backdrop: 'warm', angle: 3, scale: 0.94 }),
  ),
  photo('motore-alternatore', 'Motore', ['Alternatore', 'Motorino'], () =>
    studio(alternator(), { backdrop: 'neutral', angle: 8 }),
  ),
  photo('motore-turbo', 'Motore', ['Turbocompressore'], () =>
    studio(turbo(), { backdrop: 'cool', scale: 0.98 }),
  ),
  photo('motore-testata-rossa', 'Motore', ['Testata', 'Collettore', 'Corpo farfallato', 'Iniettore'], () =>
    studio(engine('#a51d17'), { backdrop: 'warm', angle: -2, scale: 0.98 }),
  ),
  photo('motore-testata-nera', 'Motore', ['Testata', 'Collettore', 'Pompa carburante', 'Iniettore'], () =>
    studio(engine('#2a2c30'), { backdrop: 'cool', angle: 2, scale: 0.96 }),
  ),
  photo('elettronica-centralina-alluminio', 'Elettronica', ['Centralina', 'Debimetro', 'Bobina'], () =>
    studio(ecu(true), { backdrop: 'cool', scale: 1.05 }),
  ),
  photo('elettronica-centralina-nera', 'Elettronica', ['Centralina', 'Blocchetto', 'Alzacristallo'], () =>
    studio(ecu(false), { backdrop: 'warm', angle: 3, mirror: true, scale: 1.02 }),
  ),
  photo('elettronica-quadro-bianco', 'Elettronica', ['Quadro strumenti'], () =>
    studio(cluster('#e9f1f7'), { backdrop: 'neutral', scale: 0.96 }),
  ),
  photo('elettronica-quadro-ambra', 'Elettronica', ['Quadro strumenti'], () =>
    studio(cluster('#ffb347'), { backdrop: 'cool', angle: -3, scale: 0.94 }),
  ),
  photo('sospensioni-ammortizzatore-molla-rossa', 'Sospensioni', ['Ammortizzatore anteriore'], () =>
    studio(strut('#c62828', '#2b2e32'), { backdrop: 'cool', angle: 14, scale: 0.95 }),
  ),
  photo('sospensioni-ammortizzatore', 'Sospensioni', ['Ammortizzatore posteriore'], () =>
    studio(strut(null, '#e8b419'), { backdrop: 'warm', angle: -16, scale: 0.95 }),
  ),
  photo('sospensioni-molla-blu', 'Sospensioni', ['Molla'], () =>
    studio(springOnly('#1f5fa8'), { backdrop: 'neutral', angle: 6, scale: 0.95 }),
  ),
  photo('sospensioni-braccio', 'Sospensioni', ['Braccio', 'Montante'], () =>
    studio(controlArm(), { backdrop: 'cool', angle: 4 }),
  ),
  photo('freni-disco-pinza-rossa', 'Freni', ['Pinza', 'Disco'], () =>
    studio(brakeDisc('#c8201a', false), { backdrop: 'neutral', scale: 0.98 }),
  ),
  photo('freni-disco-pinza-nera', 'Freni', ['Pinza'], () =>
    studio(brakeDisc('#2b2d31', false), { backdrop: 'warm', angle: 20, mirror: true, scale: 0.96 }),
  ),
  photo('freni-disco-forato', 'Freni', ['Disco'], () =>
    studio(brakeDisc(null, true), { backdrop: 'cool', scale: 0.98 }),
  ),
  photo('freni-tamburo', 'Freni', ['Tamburo'], () => studio(drum(), { backdrop: 'warm', angle: 10 })),
  photo('freni-servofreno', 'Freni', ['Servofreno', 'Pompa freni'], () =>
    studio(booster(), { backdrop: 'neutral', angle: -2, scale: 0.98 }),
  ),
  photo('interni-sedile-nero', 'Interni', ['Sedile', 'Cintura'], () =>
    studio(seat('#35383d'), { backdrop: 'cool' }),
  ),
  photo('interni-sedile-beige', 'Interni', ['Sedile', 'Pannello'], () =>
    studio(seat('#c2b49a'), { backdrop: 'neutral', mirror: true }),
  ),
  photo('interni-volante', 'Interni', ['Volante', 'Cruscotto'], () =>
    studio(steeringWheel(), { backdrop: 'warm', angle: -6, scale: 0.98 }),
  ),
  photo('illuminazione-faro-sinistro', 'Illuminazione', ['Faro anteriore sinistro', 'Fendinebbia'], () =>
    studio(headlight(), { backdrop: 'cool', angle: -3 }),
  ),
  photo('illuminazione-faro-destro', 'Illuminazione', ['Faro anteriore destro', 'Fendinebbia'], () =>
    studio(headlight(), { backdrop: 'neutral', angle: 3, mirror: true }),
  ),
  photo('illuminazione-fanale-sinistro', 'Illuminazione', ['Fanale posteriore sinistro', 'Terzo stop'], () =>
    studio(taillight(), { backdrop: 'warm', angle: 2 }),
  ),
  photo('illuminazione-fanale-destro', 'Illuminazione', ['Fanale posteriore destro', 'Terzo stop'], () =>
    studio(taillight(), { backdrop: 'cool', angle: -2, mirror: true }),
  ),
  photo('trasmissione-cambio', 'Trasmissione', ['Cambio'], () =>
    studio(gearbox(), { backdrop: 'neutral', scale: 0.92 }),
  ),
  photo('trasmissione-semiasse-sinistro', 'Trasmissione', ['Semiasse anteriore sinistro', 'Giunto'], () =>
    studio(driveshaft(), { backdrop: 'cool', angle: -14 }),
  ),
  photo('trasmissione-semiasse-destro', 'Trasmissione', ['Semiasse anteriore destro', 'Giunto'], () =>
    studio(driveshaft(), { backdrop: 'warm', angle: 12, mirror: true }),
  ),
  photo('trasmissione-frizione', 'Trasmissione', ['Kit frizione'], () =>
    studio(clutch(), { backdrop: 'neutral', scale: 0.94 }),
  ),
  photo('raffreddamento-radiatore', 'Raffreddamento', ['Radiatore', 'Termostato', 'Pompa acqua'], () =>
    studio(radiator(), { backdrop: 'cool', angle: -3 }),
  ),
  photo('raffreddamento-radiatore-condensatore', 'Raffreddamento', ['Radiatore', 'Compressore'], () =>
    studio(radiator(), { backdrop: 'warm', angle: 4, mirror: true }),
  ),
  photo('raffreddamento-elettroventola', 'Raffreddamento', ['Elettroventola'], () =>
    studio(fan('#3a3e44'), { backdrop: 'neutral', angle: 8 }),
  ),
  photo('raffreddamento-elettroventola-grigia', 'Raffreddamento', ['Elettroventola', 'Pompa acqua'], () =>
    studio(fan('#7a8189'), { backdrop: 'cool', angle: -10 }),
  ),
  photo('scarico-silenziatore', 'Scarico', ['Silenziatore'], () =>
    studio(muffler(), { backdrop: 'cool', angle: -4, scale: 0.95 }),
  ),
  photo('scarico-catalizzatore', 'Scarico', ['Catalizzatore', 'Sonda lambda'], () =>
    studio(catalyst(false), { backdrop: 'warm', angle: 3, scale: 0.95 }),
  ),
  photo('scarico-dpf', 'Scarico', ['Filtro antiparticolato'], () =>
    studio(catalyst(true), { backdrop: 'neutral', angle: -3 }),
  ),
  photo('scarico-collettore', 'Scarico', ['Collettore di scarico'], () =>
    studio(manifold(), { backdrop: 'cool', scale: 0.92 }),
  ),
];

/**
 * The photos of a part of `categoria` named `nome`: those drawn for its kind of part, else every
 * photo of its category (a glovebox gets a seat rather than nothing); empty for an unknown category.
 */
export function photosFor(categoria: string, nome: string): DemoPhoto[] {
  const ofCategory = DEMO_PHOTOS.filter((p) => p.categoria === categoria);
  const fitting = ofCategory.filter((p) => p.fits.some((word) => nome.includes(word)));
  return fitting.length > 0 ? fitting : ofCategory;
}

/** Size the backdrops are drawn at before being stretched to the frame: they are smooth gradients. */
const BACKDROP_WIDTH = PHOTO_WIDTH / 4;
const BACKDROP_HEIGHT = PHOTO_HEIGHT / 4;

/**
 * Renders the demo's photos as PNG files' bytes, the same bytes every time (no text, no dates, no
 * randomness). A full-size gradient is the costliest thing to draw: each backdrop is drawn once,
 * small, and stretched under every part shot on it.
 */
export class DemoPhotoRenderer {
  private readonly backdrops = new Map<Backdrop, Promise<string>>();

  async render(photo: DemoPhoto): Promise<Buffer> {
    const shot = photo.shoot();
    const backdrop = await this.backdrop(shot.backdrop);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" viewBox="0 0 ${PHOTO_WIDTH} ${PHOTO_HEIGHT}">
<image width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" preserveAspectRatio="none" href="${backdrop}"/>
${shot.content}
</svg>`;
    return (
      sharp(Buffer.from(svg))
        .removeAlpha()
        // Fast zlib level: the media pipeline re-encodes to WebP; the bytes need only be stable.
        .png({ compressionLevel: 2, adaptiveFiltering: false })
        .toBuffer()
    );
  }

  /** The backdrop as a small PNG, in a data URL. */
  private backdrop(backdrop: Backdrop): Promise<string> {
    let url = this.backdrops.get(backdrop);
    if (!url) {
      url = sharp(Buffer.from(backdropSvg(backdrop)))
        .resize(BACKDROP_WIDTH, BACKDROP_HEIGHT)
        .removeAlpha()
        .png()
        .toBuffer()
        .then((png) => `data:image/png;base64,${png.toString('base64')}`);
      this.backdrops.set(backdrop, url);
    }
    return url;
  }
}

/// <reference path="./svg-url.d.ts" />
/**
 * The three face (sticker) packs of the input's big-emoji tab, 18, 16 and 17 items (seed 000 §9), drawn from the
 * npm package @twemoji/svg (CC-BY 4.0; docs/THIRD-PARTY.md) and shown large. A face message carries the pack as
 * `index` and the item's key (`<pack>/<codepoint>`) as `data` (KUPL9). Loaded lazily with the panel and face bubbles.
 */
import u1f436 from '@twemoji/svg/1f436.svg?url';
import u1f431 from '@twemoji/svg/1f431.svg?url';
import u1f42d from '@twemoji/svg/1f42d.svg?url';
import u1f439 from '@twemoji/svg/1f439.svg?url';
import u1f430 from '@twemoji/svg/1f430.svg?url';
import u1f98a from '@twemoji/svg/1f98a.svg?url';
import u1f43b from '@twemoji/svg/1f43b.svg?url';
import u1f43c from '@twemoji/svg/1f43c.svg?url';
import u1f428 from '@twemoji/svg/1f428.svg?url';
import u1f42f from '@twemoji/svg/1f42f.svg?url';
import u1f981 from '@twemoji/svg/1f981.svg?url';
import u1f42e from '@twemoji/svg/1f42e.svg?url';
import u1f437 from '@twemoji/svg/1f437.svg?url';
import u1f438 from '@twemoji/svg/1f438.svg?url';
import u1f435 from '@twemoji/svg/1f435.svg?url';
import u1f414 from '@twemoji/svg/1f414.svg?url';
import u1f427 from '@twemoji/svg/1f427.svg?url';
import u1f426 from '@twemoji/svg/1f426.svg?url';
import u1f34e from '@twemoji/svg/1f34e.svg?url';
import u1f34a from '@twemoji/svg/1f34a.svg?url';
import u1f34b from '@twemoji/svg/1f34b.svg?url';
import u1f347 from '@twemoji/svg/1f347.svg?url';
import u1f353 from '@twemoji/svg/1f353.svg?url';
import u1f352 from '@twemoji/svg/1f352.svg?url';
import u1f351 from '@twemoji/svg/1f351.svg?url';
import u1f96d from '@twemoji/svg/1f96d.svg?url';
import u1f34d from '@twemoji/svg/1f34d.svg?url';
import u1f965 from '@twemoji/svg/1f965.svg?url';
import u1f95d from '@twemoji/svg/1f95d.svg?url';
import u1f345 from '@twemoji/svg/1f345.svg?url';
import u1f951 from '@twemoji/svg/1f951.svg?url';
import u1f354 from '@twemoji/svg/1f354.svg?url';
import u1f35f from '@twemoji/svg/1f35f.svg?url';
import u1f355 from '@twemoji/svg/1f355.svg?url';
import u26bd from '@twemoji/svg/26bd.svg?url';
import u1f3c0 from '@twemoji/svg/1f3c0.svg?url';
import u1f3c8 from '@twemoji/svg/1f3c8.svg?url';
import u26be from '@twemoji/svg/26be.svg?url';
import u1f3be from '@twemoji/svg/1f3be.svg?url';
import u1f3d0 from '@twemoji/svg/1f3d0.svg?url';
import u1f3c9 from '@twemoji/svg/1f3c9.svg?url';
import u1f3b1 from '@twemoji/svg/1f3b1.svg?url';
import u1f3d3 from '@twemoji/svg/1f3d3.svg?url';
import u1f3f8 from '@twemoji/svg/1f3f8.svg?url';
import u1f94a from '@twemoji/svg/1f94a.svg?url';
import u1f3af from '@twemoji/svg/1f3af.svg?url';
import u1f3b3 from '@twemoji/svg/1f3b3.svg?url';
import u1f3ae from '@twemoji/svg/1f3ae.svg?url';
import u1f3b2 from '@twemoji/svg/1f3b2.svg?url';
import u1f9e9 from '@twemoji/svg/1f9e9.svg?url';
import u1f3a8 from '@twemoji/svg/1f3a8.svg?url';

export interface FaceItem {
  key: string;
  url: string;
}

const pack = (n: number, urls: Record<string, string>): FaceItem[] =>
  Object.entries(urls).map(([code, url]) => ({ key: `p${n}/${code}`, url }));

/** The packs in tab order; a face message's `index` is the pack's position (0, 1, 2). */
export const FACE_PACKS: readonly (readonly FaceItem[])[] = [
  pack(1, {
    '1f436': u1f436,
    '1f431': u1f431,
    '1f42d': u1f42d,
    '1f439': u1f439,
    '1f430': u1f430,
    '1f98a': u1f98a,
    '1f43b': u1f43b,
    '1f43c': u1f43c,
    '1f428': u1f428,
    '1f42f': u1f42f,
    '1f981': u1f981,
    '1f42e': u1f42e,
    '1f437': u1f437,
    '1f438': u1f438,
    '1f435': u1f435,
    '1f414': u1f414,
    '1f427': u1f427,
    '1f426': u1f426,
  }),
  pack(2, {
    '1f34e': u1f34e,
    '1f34a': u1f34a,
    '1f34b': u1f34b,
    '1f347': u1f347,
    '1f353': u1f353,
    '1f352': u1f352,
    '1f351': u1f351,
    '1f96d': u1f96d,
    '1f34d': u1f34d,
    '1f965': u1f965,
    '1f95d': u1f95d,
    '1f345': u1f345,
    '1f951': u1f951,
    '1f354': u1f354,
    '1f35f': u1f35f,
    '1f355': u1f355,
  }),
  pack(3, {
    '26bd': u26bd,
    '1f3c0': u1f3c0,
    '1f3c8': u1f3c8,
    '26be': u26be,
    '1f3be': u1f3be,
    '1f3d0': u1f3d0,
    '1f3c9': u1f3c9,
    '1f3b1': u1f3b1,
    '1f3d3': u1f3d3,
    '1f3f8': u1f3f8,
    '1f94a': u1f94a,
    '1f3af': u1f3af,
    '1f3b3': u1f3b3,
    '1f3ae': u1f3ae,
    '1f3b2': u1f3b2,
    '1f9e9': u1f9e9,
    '1f3a8': u1f3a8,
  }),
];

import type { richZh } from './rich-zh.ts';

/** English texts of the rich-message bubbles (issue 8). */
export const richEn: { [K in keyof typeof richZh]: string } = {
  imageBroken: 'Image failed to load',
  image: 'Image',
  video: 'Video',
  play: 'Play',
  pause: 'Pause',
  file: 'File',
  open: 'Open or download {{name}}',
  location: 'Location',
  openMap: 'Show on map',
  evaluation: 'Service evaluation',
  stars: '{{count}} stars',
  order: 'Order',
  price: 'Price',
  consult: 'Consultation',
  link: 'View details',
  face: 'Sticker',
  previewTitle: 'Image preview ({{n}}/{{total}})',
  previous: 'Previous',
  next: 'Next',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  rotate: 'Rotate',
  download: 'Download',
  close: 'Close',
};

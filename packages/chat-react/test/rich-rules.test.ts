import { describe, expect, it } from 'vitest';
import {
  audioWidth,
  customData,
  fileIcon,
  formatSize,
  mediaBox,
  safeUrl,
  truncateName,
  widthUnits,
} from '../src/rich/rich-rules.ts';

describe('rich message rules', () => {
  it('KUPL1 images and videos fit 300 px on either side, keep their ratio and are never enlarged', () => {
    expect(mediaBox(1600, 1200)).toEqual({ width: 300, height: 225 });
    expect(mediaBox(300, 1200)).toEqual({ width: 75, height: 300 });
    expect(mediaBox(120, 80)).toEqual({ width: 120, height: 80 });
    expect(mediaBox(0, 0)).toEqual({ width: 150, height: 150 });
  });

  it('KUPL1 on mobile the limit is the smaller of app width − 180 and 300', () => {
    expect(mediaBox(1600, 1200, 375)).toEqual({ width: 195, height: 146 });
    expect(mediaBox(1600, 1200, 800)).toEqual({ width: 300, height: 225 });
  });

  it('KUPL2 only http(s), own paths and, while sending, blob URLs are loaded', () => {
    expect(safeUrl('https://a.example/x.png')).toBe('https://a.example/x.png');
    expect(safeUrl('/api/v1/files/AAAAAAAAAAAAAAAAAAAAAA')).toBeDefined();
    for (const bad of [
      'javascript:alert(1)',
      'data:image/png;base64,AA',
      'vbscript:x',
      '//evil.example/x',
      '/\\evil',
      ' https://x',
      'java\tscript:x',
      7,
      '',
    ])
      expect(safeUrl(bad), String(bad)).toBeUndefined();
    expect(safeUrl('blob:http://localhost/1')).toBeUndefined();
    expect(safeUrl('blob:http://localhost/1', true)).toBe('blob:http://localhost/1');
  });

  it('KUPL3 file names are cut at 16 width units, CJK counting 2', () => {
    expect(widthUnits('简历a')).toBe(5);
    expect(truncateName('report-2026.pdf')).toBe('report-2026.pdf');
    expect(truncateName('a-very-long-file-name.pdf')).toBe('a-very-long-fi...');
    expect(truncateName('这是一个很长的文件名字.pdf')).toBe('这是一个很长的...');
    expect(widthUnits(truncateName('这是一个很长的文件名字.pdf'))).toBeLessThanOrEqual(17);
  });

  it('KUPL3 sizes read B, Kb or Mb with 2 decimals', () => {
    expect(formatSize(512)).toBe('512.00B');
    expect(formatSize(1536)).toBe('1.50Kb');
    expect(formatSize(5 * 1024 * 1024 + 1024 * 512)).toBe('5.50Mb');
    expect(formatSize(0)).toBe('0.00B');
  });

  it('KUPL3 the icon follows the file type', () => {
    const names = [
      'a.PNG',
      'b.pdf',
      'c.txt',
      'd.pptx',
      'e.key',
      'f.xlsx',
      'g.zip',
      'h.docx',
      'i.mp4',
      'j.bin',
      'noext',
    ];
    expect(names.map(fileIcon)).toEqual([
      'image',
      'pdf',
      'text',
      'ppt',
      'presentation',
      'sheet',
      'zip',
      'word',
      'video',
      'unknown',
      'unknown',
    ]);
  });

  it('KUPL4 audio bubbles are 10 px a second plus 40 px; custom data parses or is null', () => {
    expect(audioWidth(0)).toBe(40);
    expect(audioWidth(12)).toBe(160);
    // KVOI6: counted up to 60 s; nonsense counts as 0.
    expect(audioWidth(60)).toBe(640);
    expect(audioWidth(600)).toBe(640);
    expect(audioWidth(Number.NaN)).toBe(40);
    expect(customData({ data: '{"businessID":"order"}' })).toEqual({ businessID: 'order' });
    expect(customData({ data: 'not json' })).toBeNull();
    expect(customData({ data: '[1]' })).toBeNull();
  });
});

describe('attachments', () => {
  it('KUPL5 a pasted or dropped image is an image message, a video a video message, anything else a file card', async () => {
    const { attachKind } = await import('../src/rich/media-port.ts');
    expect(attachKind({ type: 'image/png' })).toBe('image');
    expect(attachKind({ type: 'image/svg+xml' })).toBe('file');
    expect(attachKind({ type: 'image/bmp' })).toBe('file');
    expect(attachKind({ type: 'video/mp4' })).toBe('video');
    expect(attachKind({ type: 'application/pdf' })).toBe('file');
    expect(attachKind({ type: '' })).toBe('file');
  });
});

describe('image previewer rules', () => {
  it('KUPL6 the wheel zooms 0.125–4 and pinch 0.5–4, in steps of 0.1; rotation goes by 90°', async () => {
    const { pinchZoom, rotate, wheelZoom } = await import('../src/rich/previewer-rules.ts');
    expect(wheelZoom(1, -100)).toBe(1.1);
    expect(wheelZoom(1, 100)).toBe(0.9);
    let s = 1;
    for (let i = 0; i < 50; i += 1) s = wheelZoom(s, 100);
    expect(s).toBe(0.125);
    for (let i = 0; i < 80; i += 1) s = wheelZoom(s, -100);
    expect(s).toBe(4);
    expect(pinchZoom(1, 100, 10)).toBe(0.5);
    expect(pinchZoom(1, 100, 1000)).toBe(4);
    expect(pinchZoom(1, 100, 153)).toBe(1.5);
    expect([rotate(0), rotate(270), rotate(0, -90)]).toEqual([90, 0, 270]);
  });

  it('KUPL6 a swipe counts past 100 px and mostly sideways; the index stays in the list', async () => {
    const { step, swipeDirection } = await import('../src/rich/previewer-rules.ts');
    expect(swipeDirection(99, 0)).toBe(0);
    expect(swipeDirection(120, 10)).toBe(-1);
    expect(swipeDirection(-120, 10)).toBe(1);
    expect(swipeDirection(120, 200)).toBe(0);
    expect([step(0, -1, 3), step(2, 1, 3), step(1, 1, 3)]).toEqual([0, 2, 2]);
  });
});

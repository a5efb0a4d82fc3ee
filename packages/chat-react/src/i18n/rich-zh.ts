/** Chinese texts of the rich-message bubbles (issue 8). */
export const richZh = {
  imageBroken: '图片加载失败',
  image: '图片',
  video: '视频',
  play: '播放',
  pause: '暂停',
  file: '文件',
  open: '打开或下载 {{name}}',
  location: '位置',
  openMap: '在地图中查看',
  evaluation: '服务评价',
  stars: '{{count}} 星',
  order: '订单',
  price: '价格',
  consult: '咨询服务',
  link: '查看详情',
  face: '表情',
} as const;

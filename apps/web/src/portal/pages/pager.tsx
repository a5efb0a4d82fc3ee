import { Pagination } from 'antd';

/** Page numbers under a list; antd's Pagination (with its size picker's Select) loads only with the list pages. */
export function Pager({
  page,
  size,
  total,
  onChange,
}: {
  page: number;
  size: number;
  total: number;
  onChange: (page: number) => void;
}) {
  if (total <= size) return null;
  return (
    <Pagination
      className="pager"
      current={page}
      pageSize={size}
      total={total}
      onChange={onChange}
      showSizeChanger={false}
      size="small"
    />
  );
}

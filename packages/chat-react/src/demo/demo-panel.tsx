import { useId, useState } from 'react';
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import { useKit } from '../provider/kit-context.ts';

/**
 * Demo mode's task panel (decision 0054, DEMO7): what a newcomer has done, what to try next, and how far along they
 * are. Shown only while the server runs in demo mode; the header button folds it away (keyboard: Tab, Enter/Space).
 */
export function DemoPanel() {
  const kit = useKit();
  const t = useT();
  const { enabled, tasks } = useStore(kit.demo);
  const [open, setOpen] = useState(true);
  const listID = useId();
  if (!enabled || tasks.length === 0) return null;
  const done = tasks.filter((task) => task.done).length;
  const next = tasks.find((task) => !task.done);
  const progress = t('demo.progress', { done, total: tasks.length });
  return (
    <aside className="pc-demo" aria-label={t('demo.label')} data-open={open} data-testid="demo-panel">
      <button
        type="button"
        className="pc-demo__toggle"
        aria-expanded={open}
        aria-controls={listID}
        aria-label={open ? t('demo.hide') : t('demo.show')}
        onClick={() => setOpen(!open)}
        data-testid="demo-toggle"
      >
        <span className="pc-demo__title">{t('demo.title')}</span>
        <span className="pc-demo__count" data-testid="demo-progress">
          {progress}
        </span>
      </button>
      <div className="pc-demo__body" id={listID} hidden={!open}>
        <p className="pc-demo__next" data-testid="demo-next" role="status">
          {next ? t('demo.next', { task: t(`demo.tasks.${next.task}`) }) : t('demo.allDone')}
        </p>
        <ol className="pc-demo__list">
          {tasks.map((task) => (
            <li
              key={task.task}
              className="pc-demo__task"
              data-done={task.done}
              data-next={task.task === next?.task}
              data-testid={`demo-task-${task.task}`}
            >
              <span className="pc-demo__mark" aria-hidden="true">
                {task.done ? '✓' : ''}
              </span>
              <span className="pc-demo__name">{t(`demo.tasks.${task.task}`)}</span>
              <span className="pc-demo__state">{task.done ? t('demo.done') : t('demo.todo')}</span>
            </li>
          ))}
        </ol>
      </div>
    </aside>
  );
}

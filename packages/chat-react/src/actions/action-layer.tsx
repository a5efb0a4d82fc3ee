import { ForwardDialog, SelectionBar } from './forward/forward-ui.tsx';
import { RecordsViewer } from './records/records-ui.tsx';
import { RepliesDialog } from './replies/reply-ui.tsx';

/** Multi-select's bar and the dialogs of the message actions, mounted once in the chat window. */
export function ActionLayer() {
  return (
    <>
      <SelectionBar />
      <ForwardDialog />
      <RecordsViewer />
      <RepliesDialog />
    </>
  );
}

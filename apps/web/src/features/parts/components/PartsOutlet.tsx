import { Outlet } from 'react-router';
import { ReturnNoticeToast } from './ReturnNotice';
import { StatusChangeProvider } from './status-change';

/**
 * The frame of the parts screens (a layout route): the screen, the confirmation of a change shown
 * on whichever of them the clerk returns to (a list, a category, the lookup, a part), and the
 * status changes their quick actions ask for (with their dialogs and confirmations).
 */
export function PartsOutlet() {
  return (
    <StatusChangeProvider>
      <Outlet />
      <ReturnNoticeToast />
    </StatusChangeProvider>
  );
}

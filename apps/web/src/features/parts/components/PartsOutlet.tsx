import { Outlet } from 'react-router';
import { ReturnNoticeToast } from './ReturnNotice';

/**
 * The frame of the parts screens (a layout route): the screen, and the confirmation of a change
 * shown on whichever of them the clerk returns to (a list, a category, the lookup, a part).
 */
export function PartsOutlet() {
  return (
    <>
      <Outlet />
      <ReturnNoticeToast />
    </>
  );
}

import type { AppContext } from '../../context';
import type { Row } from '../../db/database';
import type { ChangeRequestNotice } from '../../events';

/**
 * Tells the consoles concerned of a change request (the sockets' `change-request` event,
 * server/modules/notifications/sockets.ts): the approver groups when one waits for them, the
 * author when theirs is decided. Through the socket adapter it reaches every instance's sockets.
 */
export function announce(ctx: AppContext, to: { groups?: readonly number[]; users?: readonly number[] }, request: Row): void {
  const notice: ChangeRequestNotice = {
    groups: [...(to.groups ?? [])],
    users: [...(to.users ?? [])],
    request: {
      id: Number(request.change_request_id),
      resource: String(request.change_request_resource),
      record: Number(request.change_request_record),
      action: String(request.change_request_action),
      state: String(request.change_request_state),
      why: String(request.change_request_why),
    },
  };
  ctx.events.emit('change-request', notice);
}

import { useState } from 'react';
import type { Role, UserAccount, UserUpdateInput } from '@magazzino/contract';
import { messages } from '../../../i18n';
import { useSessionStore } from '../../../lib/session/session-context';
import { useApproveUser } from '../api/approve-user';
import { useRejectUser } from '../api/reject-user';
import { useResetTwoFactor } from '../api/reset-two-factor';
import { useSendPasswordReset } from '../api/send-password-reset';
import { useUpdateUser } from '../api/update-user';
import type { AccountHandlers, AccountView } from './account-controls';
import type { RequestHandlers } from './SignupRequests';

const t = messages.users;

/** A change that waits for the amministratore's yes. */
export type PendingConfirmation =
  | { kind: 'disable'; account: UserAccount }
  | { kind: 'reject'; account: UserAccount }
  | { kind: 'reset-two-factor'; account: UserAccount }
  | { kind: 'self-demote'; account: UserAccount; role: Role };

/**
 * The changes an amministratore makes on 'Utenti', with what the page says about them: the last
 * outcome (`notice`), the last failure, and the change waiting to be confirmed. A change to one's
 * own account refreshes the session's profile, so the menu and the page follow the new role.
 */
export function useAccountChanges(selfId: string | undefined) {
  const session = useSessionStore();
  const update = useUpdateUser();
  const sendReset = useSendPasswordReset();
  const approve = useApproveUser();
  const reject = useRejectUser();
  const resetTwoFactor = useResetTwoFactor();
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ title: string; error: unknown } | null>(null);
  // Kept after the dialog closes, so its text does not change while it fades out.
  const [confirmation, setConfirmation] = useState<PendingConfirmation | null>(null);
  const [asking, setAsking] = useState(false);
  // The role picked for each request, by account id, until it is answered.
  const [picks, setPicks] = useState<Readonly<Record<string, Role>>>({});
  const ask = (pending: PendingConfirmation) => {
    setConfirmation(pending);
    setAsking(true);
  };

  const apply = async (account: UserAccount, changes: UserUpdateInput, failedTitle: string) => {
    setNotice(null);
    setFailure(null);
    try {
      const updated = await update.mutateAsync({ id: account._id, changes });
      if (changes.role !== undefined) setNotice(t.done.role(updated.username, updated.role));
      else
        setNotice(
          updated.status === 'attivo' ? t.done.enabled(updated.username) : t.done.disabled(updated.username),
        );
      if (account._id === selfId) await session.confirm();
    } catch (error) {
      setFailure({ title: failedTitle, error });
    }
  };

  const handlers: AccountHandlers = {
    onRoleChange: (account, role) => {
      if (account._id === selfId && account.role === 'amministratore') {
        ask({ kind: 'self-demote', account, role });
      } else void apply(account, { role }, t.failed.role);
    },
    onToggleStatus: (account) => {
      if (account.status === 'attivo') ask({ kind: 'disable', account });
      else void apply(account, { status: 'attivo' }, t.failed.status);
    },
    onSendReset: (account) => {
      setNotice(null);
      setFailure(null);
      sendReset.mutate(account._id, {
        onSuccess: (answer) => setNotice(answer.message),
        onError: (error) => setFailure({ title: t.failed.reset, error }),
      });
    },
    onResetTwoFactor: (account) => ask({ kind: 'reset-two-factor', account }),
  };

  const resetSecondFactor = (account: UserAccount) => {
    setNotice(null);
    setFailure(null);
    resetTwoFactor.mutate(account._id, {
      onSuccess: () => setNotice(t.done.twoFactorReset(account.username)),
      onError: (error) => setFailure({ title: t.failed.resetTwoFactor, error }),
    });
  };

  const rejectRequest = async (account: UserAccount) => {
    setNotice(null);
    setFailure(null);
    try {
      await reject.mutateAsync(account._id);
      setNotice(t.done.rejected(account.username));
    } catch (error) {
      setFailure({ title: t.failed.reject, error });
    }
  };

  /** The answers to the sign-ups waiting for approval. */
  const requestHandlers: RequestHandlers = {
    roleOf: (account) => picks[account._id] ?? account.role,
    onPickRole: (account, role) => setPicks((current) => ({ ...current, [account._id]: role })),
    onApprove: (account) => {
      setNotice(null);
      setFailure(null);
      approve.mutate(
        { id: account._id, role: picks[account._id] ?? account.role },
        {
          onSuccess: (approved) => setNotice(t.done.approved(approved.username, approved.role)),
          onError: (error) => setFailure({ title: t.failed.approve, error }),
        },
      );
    },
    onReject: (account) => ask({ kind: 'reject', account }),
    busyId: approve.isPending ? approve.variables.id : reject.isPending ? reject.variables : undefined,
  };

  const confirm = () => {
    const pending = asking ? confirmation : null;
    setAsking(false);
    if (pending?.kind === 'reject') void rejectRequest(pending.account);
    if (pending?.kind === 'reset-two-factor') resetSecondFactor(pending.account);
    if (pending?.kind === 'disable') void apply(pending.account, { status: 'disabilitato' }, t.failed.status);
    if (pending?.kind === 'self-demote') void apply(pending.account, { role: pending.role }, t.failed.role);
  };

  /** How each account is shown while these changes run. */
  const viewOf = (account: UserAccount): AccountView => {
    const changing = update.isPending && update.variables.id === account._id;
    const mailing = sendReset.isPending && sendReset.variables === account._id;
    const resetting = resetTwoFactor.isPending && resetTwoFactor.variables === account._id;
    return {
      account,
      isSelf: account._id === selfId,
      busy: changing || mailing || resetting,
      shownRole: (changing ? update.variables.changes.role : undefined) ?? account.role,
    };
  };

  return {
    handlers,
    requestHandlers,
    viewOf,
    notice,
    failure,
    /** The change the dialog asks about (still set while it closes), and whether it is open. */
    confirmation,
    asking,
    confirm,
    cancel: () => setAsking(false),
  };
}

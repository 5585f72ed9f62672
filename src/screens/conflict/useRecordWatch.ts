import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { HttpError, useDataProvider, type Identifier } from 'react-admin';
import { resourceTopic, type RealtimeDataProvider, type RealtimeEvent } from '../../../dataProvider/realtime';
import { isOwnVersion, versionOf } from '../../../dataProvider/versions';
import { useNoticeSocket } from '../../modules/notifications/socket';

type Values = Record<string, unknown>;

/** Someone else saved or deleted the record open here; `current` is how it is stored now. */
export type LiveChange = { kind: 'updated'; current: Values } | { kind: 'deleted' };

/**
 * Watches one open record through the socket's `record` events (published on the data provider's
 * `resource/{name}` topic by RecordPushes): when another user saves it, reads it as it is now,
 * and reports it unless its version is the one on screen or one this console wrote itself.
 */
export function useRecordWatch(
  resource: string,
  id: Identifier | undefined,
  version: string | undefined,
  read: () => Promise<Values>,
): { change?: LiveChange; dismiss: () => void } {
  const dataProvider = useDataProvider<RealtimeDataProvider>();
  // A change is news only against the version it was seen with: a new version on screen clears it.
  const [seen, setChange] = useState<{ against: string | undefined; change: LiveChange }>();
  const latest = useRef({ version, read });
  useLayoutEffect(() => {
    latest.current = { version, read };
  });

  // Events sent while the socket was down (or not yet up) were missed: a (re)connection checks once.
  const { state } = useNoticeSocket();
  const [check, setCheck] = useState(0);
  const lastState = useRef(state);
  useEffect(() => {
    if (state === 'connected' && lastState.current !== 'connected') setCheck((n) => n + 1);
    lastState.current = state;
  }, [state]);

  useEffect(() => {
    if (id === undefined || check === 0) return;
    let alive = true;
    latest.current.read().then(
      (current) => {
        const v = versionOf(current);
        if (alive && v !== latest.current.version && !isOwnVersion(v))
          setChange({ against: latest.current.version, change: { kind: 'updated', current } });
      },
      (error: unknown) => {
        if (alive && error instanceof HttpError && error.status === 404)
          setChange({ against: latest.current.version, change: { kind: 'deleted' } });
      },
    );
    return () => {
      alive = false;
    };
  }, [id, check]);

  useEffect(() => {
    if (id === undefined) return;
    const topic = resourceTopic(resource);
    let alive = true;
    const callback = (event: RealtimeEvent) => {
      if (!(event.payload?.ids ?? []).some((x) => String(x) === String(id))) return;
      if (event.type === 'deleted') {
        setChange({ against: latest.current.version, change: { kind: 'deleted' } });
        return;
      }
      if (event.type !== 'updated') return;
      latest.current.read().then(
        (current) => {
          const v = versionOf(current);
          if (!alive || v === latest.current.version || isOwnVersion(v)) return;
          setChange({ against: latest.current.version, change: { kind: 'updated', current } });
        },
        (error: unknown) => {
          if (alive && error instanceof HttpError && error.status === 404)
            setChange({ against: latest.current.version, change: { kind: 'deleted' } });
        },
      );
    };
    void dataProvider.subscribe(topic, callback);
    return () => {
      alive = false;
      void dataProvider.unsubscribe(topic, callback);
    };
  }, [dataProvider, resource, id]);

  return {
    change: seen && seen.against === version ? seen.change : undefined,
    dismiss: () => {
      setChange(undefined);
    },
  };
}

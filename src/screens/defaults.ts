import { useEffect, useState } from 'react';
import { useDataProvider, type DataProvider } from 'react-admin';
import { formDefaults, localTimeZone, type ResourceDescriptor } from '../../resources';
import type { ServerTime } from '../../dataProvider';

/** Does a new record of this resource start with 'today' or 'now' (which need the server's zone)? */
const needsClock = (d: ResourceDescriptor) =>
  d.fields.some((f) => (f.kind === 'date' && f.default === 'today') || (f.kind === 'datetime' && f.default === 'now'));

// One question per page load: the server's zone does not change while it runs.
let zone: Promise<string> | undefined;

/**
 * Values a new record's form starts with (resources/rules.ts formDefaults), with 'today' and 'now'
 * in the server's time zone, as the server would store them. Undefined while that zone is being
 * asked for (the form waits); if the question fails, the browser's own zone is used.
 */
export function useFormDefaults(d: ResourceDescriptor): Record<string, unknown> | undefined {
  const clock = needsClock(d);
  const timeZone = useServerTimeZone(clock);
  if (!clock) return formDefaults(d, localTimeZone());
  return timeZone === undefined ? undefined : formDefaults(d, timeZone);
}

/**
 * The server's time zone (asked once a page load, the browser's own if the question fails);
 * undefined while asked (or not `wanted`: nothing is asked): dates are stored as wall-clock times in it.
 */
export function useServerTimeZone(wanted = true): string | undefined {
  const dataProvider = useDataProvider<DataProvider & { serverTime(): Promise<ServerTime> }>();
  const [timeZone, setTimeZone] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    zone ??= dataProvider.serverTime().then(
      (t) => t.time_zone,
      () => localTimeZone(),
    );
    void zone.then((z) => {
      if (live) setTimeZone(z);
    });
    return () => {
      live = false;
    };
  }, [wanted, dataProvider]);
  return timeZone;
}

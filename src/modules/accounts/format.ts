/** Serial numbers are zero-padded to two digits (spec 000 section 9). */
export const serial = (index: number) => String(index + 1).padStart(2, '0');

/** A readable name for a User-Agent string: the browser and the system, when recognisable. */
export function browserName(userAgent: string): string {
  const browser = userAgent.includes('Edg/')
    ? 'Edge'
    : userAgent.includes('Firefox/')
      ? 'Firefox'
      : userAgent.includes('Chrome/')
        ? 'Chrome'
        : userAgent.includes('Safari/')
          ? 'Safari'
          : '';
  const system = userAgent.includes('Windows')
    ? 'Windows'
    : userAgent.includes('Android')
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : userAgent.includes('Mac OS X')
          ? 'macOS'
          : userAgent.includes('Linux')
            ? 'Linux'
            : '';
  const name = [browser, system].filter(Boolean).join(' · ');
  return name || userAgent.slice(0, 40) || '—';
}

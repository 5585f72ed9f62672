import { useEffect, useState } from 'react';

/** zxcvbn-ts with its common-password dictionary, loaded on first use (it is large). */
let checker: Promise<(password: string) => number> | undefined;
function loadChecker() {
  checker ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(([core, common]) => {
    const zxcvbn = new core.ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs });
    return (password: string) => zxcvbn.check(password).score;
  });
  return checker;
}

/** The password's strength from 0 (very weak) to 4 (strong), undefined while empty or loading. */
export function usePasswordStrength(password: string): number | undefined {
  const [scored, setScored] = useState<{ password: string; score: number }>();
  useEffect(() => {
    if (!password) return;
    let current = true;
    void loadChecker().then((check) => {
      if (current) setScored({ password, score: check(password) });
    });
    return () => {
      current = false;
    };
  }, [password]);
  return password && scored?.password === password ? scored.score : undefined;
}

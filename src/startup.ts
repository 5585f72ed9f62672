/** How long a returning user's first render may wait for the list's first page once the shell's code is here. */
export const FIRST_PAGE_WAIT_MS = 300;

/**
 * When a returning user's first render may start (main.tsx): once the signed-in shell's code is
 * here, and the list's first page asked for at start-up is in, or has had `waitMs` more to come.
 * With the page in, its rows are part of the first commit. Rendered without it, the list mounts
 * empty, react-admin's routes re-render it twice as they register the resources, and the rows show
 * in a commit of their own, ~0.2 s later on a cold load. A slow
 * server costs at most `waitMs` before the layout shows. Never rejects (neither input does).
 */
export async function firstRenderReady({
  shell,
  firstPage,
  waitMs = FIRST_PAGE_WAIT_MS,
}: {
  shell: Promise<unknown> | undefined;
  firstPage: Promise<void>;
  waitMs?: number;
}): Promise<void> {
  await shell;
  await Promise.race([firstPage, new Promise<void>((resolve) => setTimeout(resolve, waitMs))]);
}

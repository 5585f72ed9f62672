import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyComponent } from '../../src/lazy';

/** A chunk whose arrival the test decides. */
function deferredChunk() {
  let arrive!: () => void;
  let fail!: (e: Error) => void;
  let calls = 0;
  const load = () => {
    calls += 1;
    return new Promise<(p: { label: string }) => React.ReactElement>((resolve, reject) => {
      arrive = () => {
        resolve(Counter);
      };
      fail = reject;
    });
  };
  return { load, arrive: () => arrive(), fail: (e: Error) => fail(e), calls: () => calls };
}

function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return (
    <button
      type="button"
      onClick={() => {
        setN(n + 1);
      }}
    >
      {label} {n}
    </button>
  );
}

describe('lazyComponent (src/lazy.tsx)', () => {
  it('shows the fallback until the chunk arrives, then the component', async () => {
    const chunk = deferredChunk();
    const OnDemand = lazyComponent(chunk.load, <p>loading</p>);
    render(<OnDemand label="count" />);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => {
      chunk.arrive();
      await Promise.resolve();
    });
    expect(await screen.findByRole('button', { name: 'count 0' })).toBeTruthy();
    expect(chunk.calls()).toBe(1);
  });

  it('renders a preloaded component in its first render, without the fallback', async () => {
    const chunk = deferredChunk();
    const OnDemand = lazyComponent(chunk.load, <p>loading</p>);
    const ready = OnDemand.preload();
    chunk.arrive();
    await ready;
    render(<OnDemand label="count" />);
    // No await: the content is there in the first commit (React.lazy would suspend once more).
    expect(screen.getByRole('button', { name: 'count 0' })).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('keeps a screen mounted while loading the same screen after its chunk arrives (no remount, state kept)', async () => {
    const chunk = deferredChunk();
    const OnDemand = lazyComponent(chunk.load, <p>loading</p>);
    const { rerender } = render(<OnDemand label="count" />);
    await act(async () => {
      chunk.arrive();
      await Promise.resolve();
    });
    fireEvent.click(await screen.findByRole('button', { name: 'count 0' }));
    expect(screen.getByRole('button', { name: 'count 1' })).toBeTruthy();
    rerender(<OnDemand label="again" />);
    expect(screen.getByRole('button', { name: 'again 1' })).toBeTruthy();
  });

  it('settles preload() even when the chunk fails, and fetches again when the component renders', async () => {
    const chunk = deferredChunk();
    const OnDemand = lazyComponent(chunk.load, <p>loading</p>);
    const ready = OnDemand.preload();
    chunk.fail(new Error('offline'));
    await expect(ready).resolves.toBeUndefined();
    render(<OnDemand label="count" />);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(chunk.calls()).toBe(2);
    await act(async () => {
      chunk.arrive();
      await Promise.resolve();
    });
    expect(await screen.findByRole('button', { name: 'count 0' })).toBeTruthy();
  });
});

import { act, render, screen } from '@testing-library/react';
import { WhenVisible } from './WhenVisible';

/** Charts below the first screen are loaded when they come near it. */
describe('WhenVisible', () => {
  afterEach(() => { delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver; });

  it('renders its content only once its place nears the viewport', () => {
    let notify: (entries: Array<{ isIntersecting: boolean }>) => void = () => undefined;
    const observed: Element[] = [];
    globalThis.IntersectionObserver = class {
      constructor(callback: typeof notify) { notify = callback; }
      observe(element: Element) { observed.push(element); }
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
    render(<WhenVisible minHeight={240}><p>charts</p></WhenVisible>);
    expect(screen.queryByText('charts')).not.toBeInTheDocument();
    expect(observed).toHaveLength(1);
    act(() => notify([{ isIntersecting: false }]));
    expect(screen.queryByText('charts')).not.toBeInTheDocument();
    act(() => notify([{ isIntersecting: true }]));
    expect(screen.getByText('charts')).toBeInTheDocument();
  });

  it('renders at once where the browser cannot tell', () => {
    render(<WhenVisible minHeight={240}><p>charts</p></WhenVisible>);
    expect(screen.getByText('charts')).toBeInTheDocument();
  });
});

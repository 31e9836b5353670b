import { act, renderHook } from '@testing-library/react';
import { useHiddenUntilShown } from './useHiddenUntilShown';

const render = () => renderHook(({ loading, navigation }) => useHiddenUntilShown(loading, navigation), {
  initialProps: { loading: false, navigation: 'a' },
});

describe('the page behind the loading overlay', () => {
  it('is hidden while its first reads load, and stays shown when a second wave of reads starts', () => {
    const { result, rerender } = render();
    rerender({ loading: true, navigation: 'a' });
    expect(result.current).toBe(true);
    rerender({ loading: false, navigation: 'a' });
    expect(result.current).toBe(false);
    // The shown page's cards start their own reads: the player keeps reading the page.
    rerender({ loading: true, navigation: 'a' });
    expect(result.current).toBe(false);
  });

  it('hides again on the next navigation, until that page has been shown', () => {
    const { result, rerender } = render();
    rerender({ loading: true, navigation: 'a' });
    rerender({ loading: false, navigation: 'a' });
    act(() => rerender({ loading: true, navigation: 'b' }));
    expect(result.current).toBe(true);
    rerender({ loading: false, navigation: 'b' });
    rerender({ loading: true, navigation: 'b' });
    expect(result.current).toBe(false);
  });

  it('stays hidden while reads keep loading without a pause: a page never shown is not half drawn', () => {
    const { result, rerender } = renderHook(({ loading, navigation }) => useHiddenUntilShown(loading, navigation), {
      initialProps: { loading: true, navigation: 'a' },
    });
    expect(result.current).toBe(true);
    rerender({ loading: true, navigation: 'a' });
    expect(result.current).toBe(true);
  });
});

import { render, screen } from '@testing-library/react';
import { lazy, Suspense, useId } from 'react';
import { describe, expect, it } from 'vitest';

function Labelled({ text }: { text: string }) {
  return <p id={useId()}>{text}</p>;
}
const LazyLabelled = lazy(async () => ({ default: Labelled }));

describe('useId', () => {
  it('never gives two elements of the page the same id, a lazily loaded part included', async () => {
    render(
      <>
        <Labelled text="avant" />
        <Suspense fallback={null}>
          <LazyLabelled text="chargé plus tard" />
          <Labelled text="dans la limite" />
        </Suspense>
        <Labelled text="après" />
      </>,
    );
    await screen.findByText('chargé plus tard');
    const ids = Array.from(document.querySelectorAll('p'), (paragraph) => paragraph.id);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
  });
});

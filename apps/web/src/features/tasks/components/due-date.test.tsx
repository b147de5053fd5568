import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DueDate } from './due-date.tsx';

const DAY = 86_400_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

describe('DueDate', () => {
  it("says 'En retard' in words beside a passed deadline of a task not done", () => {
    render(<DueDate task={{ deadline: at(-DAY), status: 'in_review' }} show="labelled" />);
    expect(screen.getByText(/^Échéance : \d+ \S+ \d{4}$/)).toBeInTheDocument();
    expect(screen.getByText('En retard')).toBeInTheDocument();
  });

  it('says nothing late of a done task or a deadline still ahead', () => {
    render(
      <>
        <DueDate task={{ deadline: at(-DAY), status: 'done' }} show="day" />
        <DueDate task={{ deadline: at(DAY), status: 'todo' }} show="day" />
      </>,
    );
    expect(screen.queryByText('En retard')).not.toBeInTheDocument();
  });

  it("shows only the late badge in a calendar entry, and the table's word for no deadline", () => {
    const { container } = render(<DueDate task={{ deadline: at(-DAY), status: 'todo' }} show="late-only" />);
    expect(container).toHaveTextContent(/^En retard$/);
    render(<DueDate task={{ deadline: null, status: 'todo' }} show="day" empty="Aucune" />);
    expect(screen.getByText('Aucune')).toBeInTheDocument();
  });
});

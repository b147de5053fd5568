import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './field.tsx';

describe('Field', () => {
  it('names its control by its label and marks it required when the field is', () => {
    render(
      <Field id="project-name" label="Nom du projet" required>
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Nom du projet' });
    expect(input).toBeRequired();
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('leaves an optional field optional', () => {
    render(
      <Field id="description" label="Description (facultative)">
        {(control) => <textarea {...control} />}
      </Field>,
    );
    expect(screen.getByRole('textbox', { name: 'Description (facultative)' })).not.toBeRequired();
  });

  it('reads the hint and then the refusal with the control, and announces the refusal', () => {
    render(
      <Field
        id="deadline"
        label="Échéance"
        hint="Vide : dans 14 jours"
        error="La date doit être comprise entre les années 1900 et 9999."
      >
        {(control) => <input type="date" {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Échéance');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      'Vide : dans 14 jours La date doit être comprise entre les années 1900 et 9999.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'La date doit être comprise entre les années 1900 et 9999.',
    );
  });

  it('shows no refusal when there is none', () => {
    render(
      <Field id="code" label="Code" error={null}>
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Code' })).not.toHaveAttribute('aria-invalid');
  });

  it('marks a control refused by the form without a message of its own', () => {
    render(
      <Field id="title" label="Titre" required invalid>
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(screen.getByRole('textbox', { name: 'Titre' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('adds the elements given as describing the control to its description', () => {
    render(
      <>
        <Field id="password" label="Nouveau mot de passe" describedBy="password-checks">
          {(control) => <input {...control} />}
        </Field>
        <p id="password-checks">8 caractères au moins</p>
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Nouveau mot de passe' })).toHaveAccessibleDescription(
      '8 caractères au moins',
    );
  });
});

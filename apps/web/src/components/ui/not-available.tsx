interface NotAvailableProps {
  message: string;
}

/** Plain statement that a section is not built yet: no fake data, no controls that do nothing. */
export function NotAvailable({ message }: NotAvailableProps) {
  return <p className="not-available">{message}</p>;
}

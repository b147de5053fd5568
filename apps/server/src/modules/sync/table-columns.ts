import { sql } from 'drizzle-orm';

/** A column of a table the writer stores rows in: its name in SQL, its type, and where the row keeps it. */
export type Column<Row> = [name: string, type: string, value: (row: Row) => unknown];

/** A uuid[] parameter (drizzle would spread a JavaScript array into a list of parameters). */
export const uuidArray = (ids: Iterable<string>) => sql`${`{${[...ids].join(',')}}`}::uuid[]`;

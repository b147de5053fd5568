// Sections whose features arrive with later issues say so plainly instead of showing placeholders
// that look like working screens.
export const pages = {
  dashboard: {
    greeting: (username: string) => `Bonjour, ${username}`,
    fallbackUsername: 'Utilisateur',
  },
} as const;

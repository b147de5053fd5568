/** Who is acting, for policy decisions. One instance is one team: every member sees every project. */
export interface Viewer {
  userId: string;
  isAdmin: boolean;
}

/** A project is deleted by its owner or an administrator (DESIGN §3). */
export const canDeleteProject = (viewer: Viewer, project: { ownerId: string | null }): boolean =>
  viewer.isAdmin || project.ownerId === viewer.userId;

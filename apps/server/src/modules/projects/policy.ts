/** Who is acting, for policy decisions. One instance is one team: every member sees every project. */
export interface Viewer {
  userId: string;
  isAdmin: boolean;
}

/** A project is deleted by its owner or an administrator: members edit each other's work, never delete it. */
export const canDeleteProject = (viewer: Viewer, project: { ownerId: string | null }): boolean =>
  viewer.isAdmin || project.ownerId === viewer.userId;

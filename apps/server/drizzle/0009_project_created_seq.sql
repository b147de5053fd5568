-- The change sequence of the transaction that created each project (issue 12): a task write moves its
-- project's counters and change_seq without a version bump, so version 0 alone cannot tell the event
-- stream whether the project was created or only touched. Set by a trigger so that every insert path
-- (REST, sync batch, seed, restore) agrees. Existing rows keep null: they are announced as updated.
ALTER TABLE "projects" ADD COLUMN "created_seq" bigint;--> statement-breakpoint
CREATE FUNCTION projects_created_seq() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.created_seq := NEW.change_seq;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER projects_created_seq BEFORE INSERT ON "projects"
  FOR EACH ROW EXECUTE FUNCTION projects_created_seq();

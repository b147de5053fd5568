import type { FastifyReply } from 'fastify';

/**
 * A REST create's answer (`EntityWrites.create`): 201 with the row it made, or 200 with the row a
 * client-made id sent again names (a double click, a resend after a lost answer: decision 0057).
 */
export const sendCreated = (reply: FastifyReply, written: { presented: unknown; created: boolean }) =>
  reply.code(written.created ? 201 : 200).send({ data: written.presented });

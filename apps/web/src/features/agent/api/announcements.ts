import { agentEndpoints, type QueryOf } from '@app/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointQuery } from '../../../lib/api/index.ts';

/** GET /wps/agent/announcements: announcements for agents, in the reader's language. */
export const useAgentAnnouncements = (query: QueryOf<typeof agentEndpoints.announcements>) =>
  useEndpointQuery(
    agentEndpoints.announcements,
    { query },
    { placeholderData: keepPreviousData, languageDependent: true },
  );

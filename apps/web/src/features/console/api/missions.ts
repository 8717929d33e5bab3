import { missionOperatorEndpoints, type BodyOf } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { operatorApi, useOperatorSession } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** GET /wps/operator/missions: the brand's missions and leaderboards (content, finance). */
export const useMissionDesk = () => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'missions', s?.token],
    queryFn: ({ signal }) => operatorApi.call(missionOperatorEndpoints.list, { signal }),
    enabled: !!s,
  });
};

/** GET /wps/operator/missions/report: completions per mission and prizes per leaderboard. */
export const useMissionReport = (days: number) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'mission-report', days, s?.token],
    queryFn: ({ signal }) => operatorApi.call(missionOperatorEndpoints.report, { query: { days }, signal }),
    enabled: !!s,
  });
};

export const useSaveMission = () =>
  useDeskMutation((body: BodyOf<typeof missionOperatorEndpoints.save>) =>
    operatorApi.call(missionOperatorEndpoints.save, { body }),
  );

export const useEndMission = () =>
  useDeskMutation((body: BodyOf<typeof missionOperatorEndpoints.end>) =>
    operatorApi.call(missionOperatorEndpoints.end, { body }),
  );

export const useSaveLeaderboard = () =>
  useDeskMutation((body: BodyOf<typeof missionOperatorEndpoints.saveBoard>) =>
    operatorApi.call(missionOperatorEndpoints.saveBoard, { body }),
  );

export const useEndLeaderboard = () =>
  useDeskMutation((body: BodyOf<typeof missionOperatorEndpoints.endBoard>) =>
    operatorApi.call(missionOperatorEndpoints.endBoard, { body }),
  );

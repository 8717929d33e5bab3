import { Navigate, useParams } from 'react-router';
import { DownloadGuide, platformOfAgent } from '../../features/guides/components/DownloadGuide.tsx';
import { APP_PLATFORMS, guidePath, type AppPlatform } from '../../lib/qr.ts';

/** /download picks the visitor's platform; /download/ios|android|lite is that platform's guide. */
export default function DownloadRoute() {
  const { platform } = useParams();
  if (!platform) return <Navigate to={guidePath(platformOfAgent(navigator.userAgent))} replace />;
  if (!(APP_PLATFORMS as readonly string[]).includes(platform)) return <Navigate to="/download" replace />;
  return <DownloadGuide platform={platform as AppPlatform} />;
}

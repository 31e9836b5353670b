import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { Bar, BarChart, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import type { Share } from './chartRules';
import { RoundName } from '../../lib/ui/RoundIcon';

interface Slice { name: string; value: number }
interface Props { nextRound: { id: number; name: string } | null; shares: Share[]; winner: Slice[]; scorers: Slice[] }

function usePalette(): string[] {
  const theme = useTheme();
  return [theme.palette.primary.main, theme.palette.secondary.main, theme.palette.info.main, theme.palette.error.main,
    theme.palette.success.light, theme.palette.warning.main, theme.palette.primary.light, theme.palette.info.light];
}

function PieCard({ title, data }: { title: string; data: Slice[] }) {
  const palette = usePalette();
  if (!data.length) return null;
  return (
    <Card>
      <CardContent>
        <Typography variant="h3" component="h3" gutterBottom>{title}</Typography>
        <Box sx={{ width: '100%', height: 240 }} role="img" aria-label={`${title}: ${data.map((slice) => `${slice.name} ${slice.value}`).join(', ')}`}>
          <ResponsiveContainer>
            <PieChart>
              <Pie data={data} dataKey="value" nameKey="name" outerRadius={70} isAnimationActive={false}>
                {data.map((slice, index) => <Cell key={slice.name} fill={palette[index % palette.length]} />)}
              </Pie>
              <Tooltip />
              <Legend />
            </PieChart>
          </ResponsiveContainer>
        </Box>
      </CardContent>
    </Card>
  );
}

/** The league's pick charts; a chunk of its own because recharts is large. */
export default function LeagueCharts({ nextRound, shares, winner, scorers }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <>
      {nextRound && shares.length > 0 && (
        <Card>
          <CardContent>
            <Typography variant="h3" component="h3" gutterBottom><RoundName roundId={nextRound.id}>{nextRound.name}</RoundName></Typography>
            <Box sx={{ width: '100%', height: Math.max(120, shares.length * 24 + 40) }} role="img"
              aria-label={`${nextRound.name}: ${shares.map((share) => `${share.name} ${share.share}%`).join(', ')}`}>
              <ResponsiveContainer>
                <BarChart data={shares} layout="vertical" margin={{ left: 8, right: 16 }}>
                  <XAxis type="number" domain={[0, 100]} unit="%" />
                  <YAxis type="category" dataKey="name" width={100} interval={0} tick={{ fontSize: 12 }} />
                  <Tooltip formatter={(value) => [`${String(value)}%`, t('home.share_of_members')]} />
                  <Bar dataKey="share" fill={theme.palette.primary.main} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </Box>
          </CardContent>
        </Card>
      )}
      <PieCard title={t('home.winner')} data={winner} />
      <PieCard title={t('home.top_scorers')} data={scorers} />
    </>
  );
}

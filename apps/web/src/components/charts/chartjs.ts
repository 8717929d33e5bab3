import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

/**
 * Chart.js with only the parts our charts use (decision 070): line and bar charts on a category
 * axis, with legend and tooltips. This module is imported dynamically by `TrendChart`, so it and
 * chart.js load only on pages that draw a chart (its own 'charts' chunk).
 */
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

export { Chart };

import { useEffect, useRef } from 'react';
import { PieChart } from 'echarts/charts';
import { TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { TaskStatus } from '../../shared/wire';
import { STATUS_COLOURS, STATUS_LABELS } from '../task-display';

echarts.use([PieChart, TitleComponent, TooltipComponent, SVGRenderer]);

const ANIMATION_MS = 2000;

interface TaskStatusDoughnutProps {
  counts: { status: TaskStatus; value: number }[];
  total: number;
}

/** The doughnut itself, drawn by ECharts (pie chart only). The card's legend says the same in words for screen readers. */
export function TaskStatusDoughnut({ counts, total }: TaskStatusDoughnutProps) {
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const chart = echarts.init(container, null, { renderer: 'svg' });
    // The card's own text colour, so the centre reads in either theme.
    const textColour = getComputedStyle(container).color;
    chart.setOption({
      animationDuration: ANIMATION_MS,
      title: {
        text: String(total),
        subtext: 'Total Tasks',
        left: 'center',
        top: 'center',
        itemGap: 2,
        // Line heights given: without them the total's line is measured too short and sits on the label.
        textStyle: { color: textColour, fontSize: 26, fontWeight: 700, lineHeight: 30 },
        subtextStyle: { color: textColour, fontSize: 12, lineHeight: 16 },
      },
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      series: [
        {
          type: 'pie',
          // The hole is 75% of the ring's outer radius (spec's cutout), with 5% of the box left around the ring.
          radius: ['71.25%', '95%'],
          avoidLabelOverlap: true,
          label: { show: false },
          data: counts.map(({ status, value }) => ({ name: STATUS_LABELS[status], value, itemStyle: { color: STATUS_COLOURS[status] } })),
        },
      ],
    });
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(container);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [counts, total]);

  return <div ref={containerRef} className="tasks-chart" aria-hidden="true" />;
}

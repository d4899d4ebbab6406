//! ntbea.csv: every setting NTBEA played, best by its model first: its
//! values, how often and how long it was played, each goal over its games
//! with the 95 % interval, its mean fitness, the model's estimate, and
//! whether it was raced (docs/search.md).

use crate::plan::search_plan::SearchPlan;
use crate::reports::summary::fixed;
use crate::search::estimate_cells::{cells, triple};
use crate::search::ntbea::Ntbea;

/// The CSV of `ntbea`'s settings.
pub fn ntbea_table(plan: &SearchPlan, ntbea: &Ntbea) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header: Vec<String> = vec!["candidate".into()];
    header.extend(plan.space.iter().map(|d| d.key.clone()));
    header.extend(["evaluations".into(), "games".into()]);
    for g in &plan.goals {
        header.extend(triple(&g.metric));
    }
    header.extend(["fitness".into(), "estimate".into(), "raced".into()]);
    w.write_record(&header).expect("a CSV row writes to memory");
    let mut order: Vec<usize> = (0..ntbea.points.len()).collect();
    // Best first; ties in the space's order, so the table does not
    // depend on the order settings were first played in.
    let index = |i: usize| plan.index_of(&ntbea.points[i].contender.candidate);
    order.sort_by(|&a, &b| {
        ntbea.points[b]
            .estimate
            .total_cmp(&ntbea.points[a].estimate)
            .then(index(a).cmp(&index(b)))
    });
    for i in order {
        let p = &ntbea.points[i];
        let c = &p.contender;
        let mut row: Vec<String> = vec![index(i).to_string()];
        row.extend((0..plan.space.len()).map(|d| plan.value(&c.candidate, d)));
        row.push(p.evaluations.to_string());
        row.push(c.games().iter().sum::<u64>().to_string());
        for s in c.standing(&plan.goals, plan.robust, 1.0) {
            row.extend(cells(s.overall.map(|(m, _)| m)));
        }
        row.extend([
            fixed(p.fitness),
            fixed(p.estimate),
            p.shortlisted.to_string(),
        ]);
        w.write_record(&row).expect("a CSV row writes to memory");
    }
    w.into_inner().expect("a CSV flushes to memory")
}

-- Native rollouts in a loop: each ply charged, the loop ends at the budget.
function choose(g, m) while true do g:copy():rollout("random") end end

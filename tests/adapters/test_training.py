"""The training libraries run on the Gymnasium environments with no glue code: sb3-contrib's
MaskablePPO reads ``action_masks()``, and a Tianshou DQN stores the default ``info`` (only
arrays and scalars) in its replay buffer. Both need the ``train`` extra (after the CPU-only
torch; see ``.ci/run``): these tests import them directly and never skip."""

from __future__ import annotations

from typing import Any

import numpy as np
import torch
from open_spiel.python import rl_environment
from open_spiel.python.pytorch import nfsp
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.evaluation import evaluate_policy
from tianshou.algorithm import DQN
from tianshou.algorithm.modelfree.dqn import DiscreteQLearningPolicy
from tianshou.algorithm.optim import AdamOptimizerFactory
from tianshou.data import Collector, VectorReplayBuffer
from tianshou.env import DummyVectorEnv
from tianshou.trainer import OffPolicyTrainerParams
from tianshou.utils.net.common import Net

from tablegames.adapters.gymnasium import TablegamesGymEnv, env
from tablegames.adapters.openspiel import load_game


def _toepen() -> TablegamesGymEnv:
    return env("toepen", ["random", "club"], rules={"limit": 3})


def test_maskable_ppo_trains_and_plays_only_legal_ids() -> None:
    e = _toepen()
    model = MaskablePPO("MlpPolicy", e, n_steps=128, batch_size=64, n_epochs=2, seed=0,
                        device="cpu", verbose=0)
    model.learn(total_timesteps=256)
    assert model.num_timesteps >= 256
    # the trained policy, given the masks, never picks a masked id
    obs, info = e.reset(seed=3)
    for _ in range(200):
        mask = e.action_masks()
        action, _ = model.predict(obs, action_masks=mask, deterministic=True)
        assert mask[int(action)]
        obs, _reward, terminated, truncated, info = e.step(action)
        assert info["illegal"] == 0
        if terminated or truncated:
            obs, info = e.reset()
    mean, _std = evaluate_policy(model, _toepen(), n_eval_episodes=2, warn=False)
    assert -1.0 <= mean <= 1.0


def test_maskable_ppo_on_a_spelled_game() -> None:
    """Phase 10 spells a lay-down in several ids; the masks carry MaskablePPO through."""
    e = env("phase10", ["smart"], rules={"phases": ["set2+run3"], "hand_size": 6},
            max_steps=150)
    model = MaskablePPO("MlpPolicy", e, n_steps=64, batch_size=32, n_epochs=1, seed=1,
                        device="cpu", verbose=0)
    model.learn(total_timesteps=128)
    assert model.num_timesteps >= 128


def test_tianshou_dqn_trains_on_the_plain_env() -> None:
    train_envs = DummyVectorEnv([_toepen, _toepen])
    test_envs = DummyVectorEnv([_toepen])
    e = _toepen()
    assert e.observation_space.shape is not None
    net = Net(state_shape=e.observation_space.shape, action_shape=int(e.action_space.n),
              hidden_sizes=[64])
    policy = DiscreteQLearningPolicy(model=net, action_space=e.action_space, eps_training=0.2)
    algo = DQN(policy=policy, optim=AdamOptimizerFactory(lr=1e-3), target_update_freq=50)
    buffer = VectorReplayBuffer(1000, 2)
    train = Collector[Any](algo, train_envs, buffer, exploration_noise=True)
    train.reset()
    train.collect(n_step=64, random=True)
    result = algo.run_training(OffPolicyTrainerParams(
        training_collector=train, test_collector=Collector[Any](algo, test_envs),
        max_epochs=1, epoch_num_steps=300, collection_step_num_env_steps=10,
        test_step_num_episodes=1, batch_size=32, update_step_num_gradient_steps_per_sample=0.1,
        show_progress=False, verbose=False))
    assert result.train_step >= 300 and result.update_step > 0
    # the buffer kept the info the env gave: the masks, as arrays
    stored = buffer.info.action_mask[: len(buffer)]
    assert stored.shape == (len(buffer), e.action_space.n) and stored.any()
    assert set(np.unique(stored)) <= {0, 1}


def test_openspiel_nfsp_learns_from_information_state_tensors() -> None:
    """NFSP (OpenSpiel's PyTorch version) reads ``info_state``, the information-state
    tensor, through ``rl_environment``; a few hundred steps of self-play train both nets."""
    spiel = load_game("toepen", players=2, rules={"limit": 2})
    environment = rl_environment.Environment(spiel, seed=0)
    size = environment.observation_spec()["info_state"][0]
    assert size == spiel.information_state_tensor_size()
    actions = environment.action_spec()["num_actions"]
    torch.manual_seed(0)
    agents = [nfsp.NFSP(p, size, actions, hidden_layers_sizes=[32],
                        reservoir_buffer_capacity=1000, anticipatory_param=0.5, batch_size=16,
                        learn_every=8, rl_learning_rate=0.01, sl_learning_rate=0.01,
                        min_buffer_size_to_learn=16, replay_buffer_capacity=1000,
                        epsilon_decay_duration=200) for p in range(2)]
    def weights() -> list[torch.Tensor]:
        return [p.detach().clone() for agent in agents
                for net in (agent._avg_network, agent._rl_agent._q_network)
                for p in net.parameters()]

    before = weights()
    steps = 0
    while steps < 300:
        step = environment.reset()
        while not step.last():
            player = step.observations["current_player"]
            step = environment.step([agents[player].step(step).action])
            steps += 1
        for agent in agents:
            agent.step(step)
    after = weights()
    changed = [not torch.equal(b, a) for b, a in zip(before, after, strict=True)]
    assert all(changed)  # both nets of both agents learnt
